/**
 * One activity: its name, phase and fields, each with the editor of its type; computed (function)
 * fields shown read-only with their error. The form keeps what the person changed as drafts
 * (./draft.ts): Save sends only those, with the values they were read as, and a change someone else
 * made to a value being edited is shown beside its editor, to keep or to take, never overwritten.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { HlrError } from '../../../../client'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine } from '../../ui/controls'
import { problemAt, problemOf } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import type { Activity } from '../board/activities'
import { getWorkflow, livePhases, type Workflow, type WorkflowField } from '../workflow/workflows'
import { applyUpdate, buildUpdate, conflicts, edit, fieldKey, followUnchanged, keepMine, readValue, takeTheirs, type Drafts, type Key } from './draft'
import { FieldEditor, usePeople, useTeams } from './editors'
import { Ball } from './Ball'
import { Files } from './Files'
import { Followers } from './Followers'
import { History } from './History'
import { RemoveButton, RemovedToast } from './Remove'
import { formats } from '../../ui/formats'

export default function ActivityScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const { activityId = '' } = useParams()
  const [removed, setRemoved] = useState(false)
  const activity = useLive(
    `activity:${activityId}`,
    async () => (await app.client.call('v3.activity.get', activityId)) as unknown as Activity,
    ['v3.activity.updated', 'v3.activity.phase', 'v3.activity.ball', 'v3.activity.followers'].map((sig) => ({
      sig,
      when: (m: { _id: string }) => m._id === activityId,
    })),
  )
  if (activity.error && !activity.data) return <ErrorLine message={problemOf(activity.error).message} />
  if (!activity.data) return <p className="muted">{t('common.loading')}</p>
  if (removed) return <RemovedToast activity={activity.data} onUndone={() => setRemoved(false)} />
  return <WithWorkflow activity={activity.data} reload={activity.reload} patch={activity.patch} onRemoved={() => setRemoved(true)} />
}

function WithWorkflow({
  activity,
  reload,
  patch,
  onRemoved,
}: {
  activity: Activity
  reload: () => Promise<void>
  patch: (change: (a: Activity) => Activity) => void
  onRemoved: () => void
}) {
  const { t } = useTranslation()
  const app = useApp()
  const workflow = useLive(`workflow:${activity.process}`, () => getWorkflow(app.client, activity.process), [
    { sig: 'process.updated', when: (m) => m._id === activity.process },
    { sig: 'process.field.updated', when: (m) => m.processId === activity.process },
  ])
  if (workflow.error && !workflow.data) return <ErrorLine message={problemOf(workflow.error).message} />
  if (!workflow.data) return <p className="muted">{t('common.loading')}</p>
  return <ActivityForm activity={activity} workflow={workflow.data} reload={reload} patch={patch} onRemoved={onRemoved} />
}

/** The fields shown, in the workflow's order. */
function orderedFields(workflow: Workflow): WorkflowField[] {
  const order = workflow.fieldsOrder?.length ? workflow.fieldsOrder : Object.keys(workflow.fields ?? {})
  return order.map((id) => workflow.fields[id]).filter((f): f is WorkflowField => !!f && f.type !== 'linkedfrom')
}

function ActivityForm({
  activity,
  workflow,
  reload,
  patch,
  onRemoved,
}: {
  activity: Activity
  workflow: Workflow
  reload: () => Promise<void>
  patch: (change: (a: Activity) => Activity) => void
  onRemoved: () => void
}) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const [drafts, setDrafts] = useState<Drafts>({})
  const [saved, setSaved] = useState(false)
  // A pushed change: values the person opened but did not change follow it.
  useEffect(() => setDrafts((d) => followUnchanged(d, activity)), [activity])
  const theirs = conflicts(drafts, activity)
  const conflicting = Object.keys(theirs)
  const valueOf = (key: Key) => (key in drafts ? drafts[key].value : readValue(activity, key))
  const change = (key: Key, value: unknown) => {
    setSaved(false)
    setDrafts((d) => edit(d, activity, key, value))
  }

  const save = useAction(async () => {
    setSaved(false)
    const update = buildUpdate(activity._id, drafts)
    if (!update) return setSaved(true)
    if (conflicting.length) throw new Error(t('activity.resolveFirst'))
    try {
      await app.client.call('v3.activity.updateMany', [update] as never)
    } catch (err) {
      // Someone changed a value since it was read: load it, so it shows beside its editor to keep or take.
      if (err instanceof HlrError && err.code === 409 && err.details?.reason === 'stale') {
        await reload()
        throw new Error(t('activity.stale'))
      }
      throw err
    }
    patch((a) => applyUpdate(a, update))
    // What was saved is no longer a draft (a value typed since stays one).
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([key, draft]) => draft.value !== drafts[key]?.value)))
    setSaved(true)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run()
  }
  const phases = livePhases(workflow)
  // Names for people and teams where a value is shown as text (someone else's change, a computed value).
  const people = usePeople()
  const teams = useTeams()
  const names = new Map([...people, ...teams].map((c) => [c.id, c.name]))
  const fieldPaths = (key: Key) => (key.startsWith('fields.') ? [`/fields/${key.slice(7)}`] : [`/${key}`])
  const claimed = [...['name', 'phaseId'].flatMap(fieldPaths), ...orderedFields(workflow).map((f) => `/fields/${f._id}`)]
  const shared = {
    drafts,
    theirs,
    problem: save.problem,
    onKeep: (key: Key) => setDrafts((d) => keepMine(d, key, theirs[key])),
    onTake: (key: Key) => setDrafts((d) => takeTheirs(d, key)),
  }

  return (
    <>
      <p>
        <Link to={paths.workflow(session.cid, workflow._id)}>{t('activity.back', { workflow: workflow.name })}</Link>
      </p>
      <h1>{activity.name}</h1>
      <form className="activity" onSubmit={submit} noValidate>
        <Row label={t('activity.name')} k="name" {...shared} format={String}>
          {(props) => <input {...props} type="text" value={String(valueOf('name') ?? '')} onChange={(e) => change('name', e.target.value)} />}
        </Row>
        <Row label={t('activity.phase')} k="phaseId" {...shared} format={(v) => workflow.phases[String(v)]?.name ?? String(v)}>
          {(props) => (
            <select {...props} value={String(valueOf('phaseId'))} onChange={(e) => change('phaseId', e.target.value)}>
              {phases.map((p) => (
                <option key={p} value={p}>
                  {workflow.phases[p]?.name ?? t('board.phase')}
                </option>
              ))}
            </select>
          )}
        </Row>
        {orderedFields(workflow).map((field) =>
          field.type === 'subheader' ? (
            <h2 key={field._id} className="subheader">
              {field.label}
            </h2>
          ) : field.functionEnabled === true ? (
            <Computed key={field._id} field={field} activity={activity} />
          ) : (
            <Row key={field._id} label={field.label ?? ''} k={fieldKey(field._id)} {...shared} format={(v) => formatValue(field, v, names)}>
              {(props) => (
                <FieldEditor
                  field={field}
                  value={valueOf(fieldKey(field._id))}
                  onChange={(v) => change(fieldKey(field._id), v)}
                  id={props.id}
                  describedBy={props['aria-describedby']}
                  invalid={props['aria-invalid']}
                />
              )}
            </Row>
          ),
        )}
        <div className="actions">
          <Button type="submit" busy={save.busy}>
            {t('activity.save')}
          </Button>
          <p role="status" className="status">
            {saved ? t('common.saved') : ''}
          </p>
          <ErrorLine message={save.problem && !claimed.some((p) => problemAt(save.problem, p)) ? save.problem.message : undefined} />
        </div>
      </form>
      <div className="activity-extras">
        <Ball activity={activity} people={people} reload={reload} />
        <Followers activity={activity} people={people} reload={reload} />
        <Files activity={activity} reload={reload} />
        <History activity={activity} workflow={workflow} names={names} />
        <RemoveButton activity={activity} onRemoved={onRemoved} />
      </div>
    </>
  )
}

interface RowProps {
  label: string
  k: Key
  drafts: Drafts
  theirs: Record<Key, unknown>
  problem: ReturnType<typeof problemOf> | null
  onKeep: (key: Key) => void
  onTake: (key: Key) => void
  format: (value: unknown) => string
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode
}

/** A labelled editor with, beside it, the server's reason for refusing it and someone else's change to it. */
function Row({ label, k, theirs, problem, onKeep, onTake, format, children }: RowProps) {
  const { t } = useTranslation()
  const id = useId()
  const error = problemAt(problem, k.startsWith('fields.') ? `/fields/${k.slice(7)}` : `/${k}`)
  const conflict = k in theirs
  const describedBy = [error ? `${id}-error` : '', conflict ? `${id}-conflict` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={conflict ? 'field conflicted' : 'field'} data-key={k}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      {conflict ? (
        <div className="conflict" id={`${id}-conflict`} role="alert">
          <p>
            {t('activity.changedByOther')} <strong>{format(theirs[k]) || t('activity.empty')}</strong>
          </p>
          <button type="button" className="button" onClick={() => onKeep(k)}>
            {t('activity.keepMine')}
          </button>{' '}
          <button type="button" className="button" onClick={() => onTake(k)}>
            {t('activity.takeTheirs')}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** A computed value: read-only, with the error of its last evaluation when it has one. */
function Computed({ field, activity }: { field: WorkflowField; activity: Activity }) {
  const { t } = useTranslation()
  const id = useId()
  const stored = activity.fields.find((f) => f._id === field._id)
  const error = stored?.error
  return (
    <div className="field computed">
      <span className="label" id={`${id}-label`}>
        {field.label} <span className="muted">{t('activity.computed')}</span>
      </span>
      <output aria-labelledby={`${id}-label`}>{formatValue(field, stored?.value) || t('activity.empty')}</output>
      {error ? (
        <p className="error" role="status">
          {t('activity.functionError', { error: typeof error === 'string' ? error : JSON.stringify(error) })}
        </p>
      ) : null}
    </div>
  )
}

/** A value as a person reads it (dates in the page's language and zone). */
export function formatValue(field: WorkflowField, value: unknown, names = new Map<string, string>()): string {
  if (value === null || value === undefined) return ''
  const f = formats(document.documentElement.lang || 'en')
  const one = (v: unknown): string => {
    if (typeof v === 'string' && names.has(v)) return names.get(v)!
    if (typeof v === 'number' && (field.type === 'date' || field.type === 'daterange')) return f.day.format(v)
    if (typeof v === 'number' && (field.type === 'datetime' || field.type === 'datetimerange')) return f.moment.format(v)
    if (typeof v === 'number') return f.number.format(v)
    if (field.type === 'country' && typeof v === 'string') return f.region.of(v.toUpperCase()) ?? v
    return typeof v === 'string' ? v : JSON.stringify(v)
  }
  const text = Array.isArray(value) ? value.map(one).join(field.type.endsWith('range') ? ' – ' : ', ') : one(value)
  return typeof field.unit === 'string' && field.unit && text ? `${text} ${field.unit}` : text
}
