/**
 * A computed field's function (docs/guides/function-fields.md): the code editor, the variables
 * picked from this workflow's fields, its links and the workflows linking to it (inserted into the
 * code at the cursor), `validateFunction` as the person types (debounced; errors at their line), a
 * dry run of the code being edited on a chosen activity (`evaluateMany`'s trial) and its dependency graph
 * (`explainNode`). Loaded only when a field is computed: CodeMirror stays out of the first screen.
 */
import type { EditorView } from 'codemirror'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { Button, ErrorLine } from '../../ui/controls'
import { useAction } from '../../ui/useAction'
import { activityRules, listActivities } from '../board/activities'
import type { Workflow } from '../workflow/workflows'
import type { Descriptor, Listed } from './api'
import { CodeEditor, type CodeProblem } from './CodeEditor'
import { CheckField, SelectField } from './controls'
import { explainGraph, variableName, variableSources, type Graph, type MetaField, type Variable } from './functions'

const VALIDATE_DELAY_MS = 400
/** Any workflow's fields changing changes what a function may read. */
const FIELD_RULES = [{ sig: 'process.field.created' }, { sig: 'process.field.updated' }, { sig: 'process.field.removed' }]

interface Check {
  valid: boolean
  errors: Array<{ message: string; line?: number; column?: number }>
  warnings: Array<{ message: string; line?: number; column?: number }>
}

export default function FunctionSection(props: {
  wf: Workflow
  fieldId?: string
  workflows: Listed[]
  draft: Descriptor
  onChange: (patch: Descriptor) => void
  problem?: string
}) {
  const { wf, fieldId, workflows, draft, onChange, problem } = props
  const { t } = useTranslation()
  const app = useApp()
  const code = String(draft.function ?? '')
  const variables = (draft.functionVariables as Record<string, Variable> | undefined) ?? {}
  const view = useRef<EditorView | null>(null)

  // Every workflow's fields, to offer what links reach (few workflows in a workspace).
  const ids = workflows.map((w) => w._id)
  const metas = useLive(
    `process-meta:${ids.join()}`,
    async () =>
      Object.fromEntries(
        await Promise.all(
          ids.map(async (id) => [id, (await app.client.call('v2.process.meta', { process: id })) as unknown as Record<string, MetaField>] as const),
        ),
      ),
    FIELD_RULES,
  )
  const sources = useMemo(() => variableSources(wf, fieldId, workflows, metas.data ?? {}, t), [wf, fieldId, workflows, metas.data, t])
  const [picked, setPicked] = useState('')

  const [check, setCheck] = useState<Check | null>(null)
  const names = Object.keys(variables).join('\n')
  useEffect(() => {
    const timer = setTimeout(() => {
      app.client
        .call('v2.process.validateFunction', code, names ? names.split('\n') : [])
        .then((result) => setCheck(result as unknown as Check))
        .catch(() => setCheck(null))
    }, VALIDATE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [app.client, code, names])
  const problems: CodeProblem[] = [
    ...(check?.errors ?? []).map((e) => ({ ...e, severity: 'error' as const })),
    ...(check?.warnings ?? []).map((w) => ({ ...w, severity: 'warning' as const })),
  ]

  const addVariable = () => {
    const source = sources.find((s) => s.id === picked)
    if (!source) return
    const name = variableName(source.name, Object.keys(variables))
    onChange({ functionVariables: { ...variables, [name]: source.variable } })
    insert(`dep.${name}`)
  }
  const insert = (text: string) => {
    const editor = view.current
    if (!editor) return onChange({ function: code + text })
    editor.dispatch(editor.state.replaceSelection(text))
    editor.focus()
  }

  return (
    <section className="function" aria-label={t('builder.fn.title')}>
      <h4>{t('builder.fn.title')}</h4>
      <p className="hint">{t('builder.fn.hint')}</p>
      <div className="inline">
        <SelectField label={t('builder.fn.pick')} value={picked} onChange={(e) => setPicked(e.target.value)}>
          <option value="">{t('builder.fn.choose')}</option>
          {sources.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <Button onClick={addVariable} aria-disabled={!picked || undefined}>
          {t('builder.fn.addVariable')}
        </Button>
      </div>
      {Object.keys(variables).length ? (
        <ul className="variables" aria-label={t('builder.fn.variables')}>
          {Object.entries(variables).map(([name, v]) => (
            <li key={name}>
              <code>dep.{name}</code> <span className="muted">{sources.find((s) => JSON.stringify(s.variable) === JSON.stringify(v))?.label ?? v.type}</span>{' '}
              <Button onClick={() => insert(`dep.${name}`)} aria-label={t('builder.fn.insertNamed', { name })}>
                {t('builder.fn.insert')}
              </Button>{' '}
              <Button
                onClick={() => {
                  const { [name]: _gone, ...rest } = variables
                  onChange({ functionVariables: rest })
                }}
                aria-label={t('builder.removeNamed', { name })}
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <CodeEditor
        value={code}
        onChange={(next) => onChange({ function: next })}
        label={t('builder.fn.code')}
        problems={problems}
        onView={(v) => (view.current = v)}
      />
      <div className="fn-check" role="status" data-testid="function-check">
        {!check ? null : check.valid && !check.warnings.length ? (
          <span className="ok">{t('builder.fn.valid')}</span>
        ) : (
          <ul>
            {problems.map((p, i) => (
              <li key={i} className={p.severity === 'error' ? 'error' : 'warning'}>
                {p.line ? t('builder.fn.at', { line: p.line, column: p.column ?? 1 }) : null} {p.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ErrorLine message={problem} />
      <CheckField label={t('builder.fn.editable')} checked={draft.editable === true} onChange={(editable) => onChange({ editable })} />
      {fieldId ? <Trial wf={wf} fieldId={fieldId} code={code} variables={variables} /> : <p className="hint">{t('builder.fn.saveFirst')}</p>}
    </section>
  )
}

/**
 * The code as it is in the editor tried on one activity (evaluateMany's trial: checked like
 * validateFunction, nothing saved), and the graph of what the saved function reads and what reads it.
 */
function Trial({ wf, fieldId, code, variables }: { wf: Workflow; fieldId: string; code: string; variables: Record<string, Variable> }) {
  const { t } = useTranslation()
  const app = useApp()
  const activities = useLive(`activities:${wf._id}`, () => listActivities(app.client, wf._id), activityRules(wf._id))
  const [activityId, setActivityId] = useState('')
  const [result, setResult] = useState<{ value?: unknown; error?: string } | null>(null)
  const [graph, setGraph] = useState<Graph | null>(null)
  const dryRun = useAction(async () => {
    const trial = { fieldId, code, functionVariables: variables }
    const evaluated = (await app.client.call('v3.activity.evaluateMany', { processId: wf._id, _id: activityId } as never, trial as never)) as unknown as {
      fields: Record<string, { value?: unknown; error?: string }>
    }
    setResult(evaluated.fields[fieldId] ?? { value: null })
  })
  const explain = useAction(async () => {
    setGraph(explainGraph(await app.client.call('v3.activity.explainNode', { activityId, fieldId } as never)))
  })
  if (activities.data && !activities.data.length) return <p className="hint">{t('builder.fn.noActivities')}</p>
  return (
    <div className="trial">
      <p className="hint">{t('builder.fn.triesEdited')}</p>
      <SelectField label={t('builder.fn.activity')} value={activityId} onChange={(e) => setActivityId(e.target.value)}>
        <option value="">{t('builder.fn.choose')}</option>
        {(activities.data ?? []).map((a) => (
          <option key={a._id} value={a._id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      <div className="actions">
        <Button busy={dryRun.busy} aria-disabled={!activityId || undefined} onClick={() => activityId && void dryRun.run()}>
          {t('builder.fn.dryRun')}
        </Button>
        <Button busy={explain.busy} aria-disabled={!activityId || undefined} onClick={() => activityId && void explain.run()}>
          {t('builder.fn.explain')}
        </Button>
      </div>
      <ErrorLine message={dryRun.problem?.message ?? explain.problem?.message} />
      {result ? (
        <p role="status" data-testid="dry-run">
          {result.error ? t('builder.fn.resultError', { error: result.error }) : t('builder.fn.result', { value: JSON.stringify(result.value ?? null) })}
        </p>
      ) : null}
      {graph ? (
        <div data-testid="dependencies">
          <h5>{t('builder.fn.graph')}</h5>
          {!graph.edges.length ? <p className="muted">{t('builder.fn.noDependencies')}</p> : null}
          <ul>
            {graph.edges.map((e, i) => (
              <li key={i}>
                {t('builder.fn.edge', { from: e.from, to: e.to, variable: e.variable })} <span className="muted">({t(`builder.fn.kind.${e.kind}`)})</span>
              </li>
            ))}
          </ul>
          {graph.cycles.map((c, i) => (
            <p key={i} className="error">
              {t('builder.fn.cycle', { path: c.join(' → ') })}
            </p>
          ))}
          {graph.truncated ? <p className="muted">{t('builder.fn.truncated')}</p> : null}
        </div>
      ) : null}
    </div>
  )
}
