/**
 * Import and export of a workflow's activities. Import: choose a CSV file, map each column to the
 * name, the phase or a field (guessed from the headers), see a preview and every row's problems;
 * the activities are created in one createMany call, so a refusal imports nothing (./csv.ts).
 * Export: the workflow's activities as CSV (the columns the import reads), or the whole workspace
 * as the server's export archive (a ZIP, v3.user.data.export, downloaded when the job finishes).
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { download, HlrError } from '../../../../client'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import { save } from '../../ui/save'
import { useAction } from '../../ui/useAction'
import { useTeams } from '../activity/editors'
import { listActivities } from '../board/activities'
import { getWorkflow, type Workflow } from '../workflow/workflows'
import { activitiesToCsv, guessMapping, importableFields, lineOfPath, parseCsv, rowsToActivities, type Parsed, type RowError, type Target } from './csv'

export default function TransferScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const { workflowId = '' } = useParams()
  const workflow = useLive(`workflow:${workflowId}`, () => getWorkflow(app.client, workflowId), [
    { sig: 'process.updated', when: (m) => m._id === workflowId },
    { sig: 'process.field.updated', when: (m) => m.processId === workflowId },
  ])
  if (workflow.error && !workflow.data) return <ErrorLine message={problemOf(workflow.error).message} />
  if (!workflow.data) return <p className="muted">{t('common.loading')}</p>
  return (
    <>
      <p>
        <Link to={paths.workflow(session.cid, workflowId)}>{t('activity.back', { workflow: workflow.data.name })}</Link>
      </p>
      <h1>{t('transfer.title', { workflow: workflow.data.name })}</h1>
      <Import workflow={workflow.data} />
      <Export workflow={workflow.data} />
    </>
  )
}

function Import({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const id = useId()
  const [parsed, setParsed] = useState<Parsed | null>(null)
  const [readErrors, setReadErrors] = useState<RowError[]>([])
  const [mapping, setMapping] = useState<Record<string, Target>>({})
  const [done, setDone] = useState<number | null>(null)
  // A workflow without a preselected owner team: the person chooses the team of the imported activities.
  const teams = useTeams()
  const needsTeam = !workflow.preselectedTeam?.team
  const [teamId, setTeamId] = useState('')
  const [serverRow, setServerRow] = useState<{ line?: number; message: string } | null>(null)
  const fields = importableFields(workflow)
  const result = parsed ? rowsToActivities(parsed, mapping, workflow) : null
  const errors = [...readErrors, ...(result?.errors ?? [])]

  const choose = useAction(async (file: File | undefined) => {
    setDone(null)
    setServerRow(null)
    if (!file) return setParsed(null)
    const { parsed: p, errors: e } = parseCsv(await file.text())
    setParsed(p)
    setReadErrors(e)
    setMapping(guessMapping(p.headers, workflow, { name: t('activity.name'), phase: t('activity.phase') }))
  })
  const run = useAction(async () => {
    setServerRow(null)
    if (!result || !result.activities.length) throw new Error(t('transfer.nothing'))
    if (errors.length) throw new Error(t('transfer.fixFirst', { count: errors.length }))
    if (needsTeam && !teamId) throw new Error(t('transfer.chooseTeam'))
    try {
      await app.client.call('v3.activity.createMany', workflow._id, result.activities as never, (teamId ? { teamId } : {}) as never)
    } catch (err) {
      if (err instanceof HlrError) {
        const problem = problemOf(err)
        // The server names the activity by its place in the list (details.index) or in the path.
        const index = err.details?.index
        setServerRow({ line: typeof index === 'number' ? index + 2 : lineOfPath(problem.path), message: problem.message })
        throw new Error(t('transfer.refused'))
      }
      throw err
    }
    setDone(result.activities.length)
    setParsed(null)
  })

  const preview = result?.activities.slice(0, 10) ?? []
  const targets: Array<{ value: Target; label: string }> = [
    { value: '', label: t('transfer.skip') },
    { value: 'name', label: t('activity.name') },
    { value: 'phase', label: t('activity.phase') },
    ...fields.map((f) => ({ value: `field:${f._id}` as Target, label: f.label ?? f._id })),
  ]
  const labelOf = (target: Target) => targets.find((x) => x.value === target)?.label ?? ''

  return (
    <section className="transfer" aria-labelledby={`${id}-import`}>
      <h2 id={`${id}-import`}>{t('transfer.import')}</h2>
      <p className="hint">{t('transfer.importHint')}</p>
      <div className="inline-form">
        <label htmlFor={`${id}-file`}>{t('transfer.chooseFile')}</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(e) => void choose.run(e.currentTarget.files?.[0])} />
      </div>
      <ErrorLine message={choose.problem?.message} />
      {done !== null ? (
        <p role="status" className="status">
          {t('transfer.imported', { count: done })} <Link to={paths.workflow(session.cid, workflow._id)}>{t('transfer.open')}</Link>
        </p>
      ) : null}
      {parsed ? (
        <>
          <fieldset className="mapping">
            <legend>{t('transfer.mapping')}</legend>
            {parsed.headers.map((h) => (
              <label key={h}>
                <span>{h}</span>
                <select value={mapping[h] ?? ''} onChange={(e) => setMapping({ ...mapping, [h]: e.target.value as Target })}>
                  {targets.map((x) => (
                    <option key={x.value} value={x.value}>
                      {x.label}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          <h3>{t('transfer.preview', { count: parsed.rows.length })}</h3>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('transfer.row')}</th>
                  {parsed.headers
                    .filter((h) => mapping[h])
                    .map((h) => (
                      <th key={h} scope="col">
                        {labelOf(mapping[h])}
                      </th>
                    ))}
                </tr>
              </thead>
              <tbody>
                {parsed.rows.slice(0, preview.length).map((row, i) => (
                  <tr key={i} className={errors.some((e) => e.line === i + 2) ? 'bad' : undefined}>
                    <th scope="row">{i + 2}</th>
                    {parsed.headers
                      .filter((h) => mapping[h])
                      .map((h) => (
                        <td key={h}>{row[h]}</td>
                      ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {errors.length ? (
            <div role="alert" className="row-errors">
              <p>{t('transfer.errorsHead', { count: errors.length })}</p>
              <ul>
                {errors.map((e, i) => (
                  <li key={i}>{t(`transfer.error.${e.code}`, { line: e.line, column: e.column, value: e.value })}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {needsTeam ? (
            <div className="inline-form">
              <label htmlFor={`${id}-team`}>{t('transfer.team')}</label>
              <select id={`${id}-team`} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
                <option value="">{t('transfer.chooseTeam')}</option>
                {teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button busy={run.busy} onClick={() => void run.run()}>
            {t('transfer.importButton', { count: result?.activities.length ?? 0 })}
          </Button>
        </>
      ) : null}
      {serverRow ? (
        <p className="error" role="alert">
          {serverRow.line ? t('transfer.serverRow', { line: serverRow.line, reason: serverRow.message }) : serverRow.message}
        </p>
      ) : null}
      <ErrorLine message={run.problem?.message} />
    </section>
  )
}

function Export({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const id = useId()
  const [zipState, setZipState] = useState('')
  const csv = useAction(async () => {
    const activities = await listActivities(app.client, workflow._id, 100_000)
    const text = activitiesToCsv(activities, workflow, { name: t('activity.name'), phase: t('activity.phase') })
    // A byte-order mark, so spreadsheet programs read the file as UTF-8.
    save(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), `${workflow.name}.csv`)
  })
  const zip = useAction(async () => {
    setZipState(t('transfer.zipRunning'))
    let job = (await app.client.call('v3.user.data.export', [session.cid])) as unknown as { _id: string; state: string; fileId?: string; error?: string }
    // The archive is built in the background: ask for the job until it is finished (the server also signals its progress).
    while (job.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 500))
      job = (await app.client.call('v3.user.data.job', job._id)) as unknown as typeof job
    }
    if (job.state !== 'finished' || !job.fileId) throw new Error(job.error ?? t('transfer.zipFailed'))
    const { blob, name } = await download(app.client, job.fileId)
    save(blob, name || 'export.zip')
    setZipState(t('transfer.zipDone'))
  })
  return (
    <section className="transfer" aria-labelledby={`${id}-export`}>
      <h2 id={`${id}-export`}>{t('transfer.export')}</h2>
      <div className="inline-form">
        <Button busy={csv.busy} onClick={() => void csv.run()}>
          {t('transfer.exportCsv')}
        </Button>
        <Button busy={zip.busy} onClick={() => void zip.run()}>
          {t('transfer.exportZip')}
        </Button>
      </div>
      <p role="status" className="status">
        {zipState}
      </p>
      <ErrorLine message={(csv.problem ?? zip.problem)?.message} />
    </section>
  )
}
