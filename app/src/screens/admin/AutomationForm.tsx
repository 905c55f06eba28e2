/**
 * An automation's rule as a form (docs/guides/automations.md): a name, a trigger (created, enters a
 * phase, a field changes, optionally to a value, the ball is passed, optionally to someone) and
 * actions in order, each chosen from the workflow's phases, fields and the workspace's members by
 * name; values are typed with the activity form's editors (FieldEditor). A refusal that names a
 * part of the rule (`/trigger/…`, `/actions/<i>/…`) is shown at that part.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResultOf } from '../../../../client'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, type Problem } from '../../ui/errors'
import { FieldEditor, usePeople } from '../activity/editors'
import { livePhases, type Workflow, type WorkflowField } from '../workflow/workflows'
import { CheckField, SelectField } from './fields'

export type Automation = ResultOf<'v3.automation.list'>[number]
export type Trigger = Automation['trigger']
export type Action = Automation['actions'][number]
export interface Rule {
  name: string
  trigger: Trigger
  actions: Action[]
}

export const TRIGGER_TYPES = ['activity.created', 'phase.entered', 'field.changed', 'ball.passed'] as const
export const ACTION_TYPES = ['move', 'setFields', 'passBall', 'addFollowers', 'post', 'mail', 'webhook'] as const
/** What a post's or mail's text may hold (the server replaces them), passed as values so i18next leaves them as written. */
const PLACEHOLDERS = { name: '{{activity.name}}', id: '{{activity.id}}', rule: '{{automation.name}}' }
/** i18n keys cannot hold dots. */
export const triggerKey = (type: string) => `admin.automations.trigger.${type.replace('.', '_')}`
export const actionKey = (type: string) => `admin.automations.action.${type}`

/** The fields a rule may read or set: not computed ones, not layout. */
export const ruleFields = (wf: Workflow): WorkflowField[] =>
  (wf.fieldsOrder ?? Object.keys(wf.fields)).map((id) => wf.fields[id]).filter((f) => f && !['subheader', 'function', 'activitylinkedfrom'].includes(f.type))

/** A new action of a type, with the first phase, field or person filled in where one is needed. */
function newAction(type: (typeof ACTION_TYPES)[number], wf: Workflow, firstPerson: string): Action {
  switch (type) {
    case 'move':
      return { type, phaseId: livePhases(wf)[0] ?? '' }
    case 'setFields':
      return { type, fields: {} }
    case 'passBall':
      return { type, userId: firstPerson }
    case 'addFollowers':
      return { type, userIds: [firstPerson] }
    case 'post':
      return { type, subject: '', text: '' }
    case 'mail':
      return { type, to: 'ballHolder', subject: '', text: '' }
    case 'webhook':
      return { type, url: '' }
  }
}

function newTrigger(type: (typeof TRIGGER_TYPES)[number], wf: Workflow): Trigger {
  if (type === 'phase.entered') return { type, phaseId: livePhases(wf)[0] ?? '' }
  if (type === 'field.changed') return { type, fieldId: ruleFields(wf)[0]?._id ?? '' }
  return { type }
}

/** The refusal when its path is inside `prefix` (e.g. `/actions/2`), else undefined. */
const problemIn = (problem: Problem | null, prefix: string) => (problem?.path && problem.path.includes(prefix) ? problem.message : undefined)

export function AutomationForm({
  workflow,
  rule,
  label,
  submitLabel,
  busy,
  problem,
  onSubmit,
  onEdit,
}: {
  workflow: Workflow
  rule?: Rule
  label: string
  submitLabel: string
  busy: boolean
  problem: Problem | null
  /** Saves the rule; true when it went through (a new rule's form is then emptied). */
  onSubmit: (rule: Rule) => Promise<boolean>
  /** The rule was changed: a refusal of what was sent before no longer applies. */
  onEdit: () => void
}) {
  const { t } = useTranslation()
  const people = usePeople()
  const empty: Rule = { name: '', trigger: { type: 'activity.created' }, actions: [] }
  const [draft, setDraft] = useState<Rule>(rule ?? empty)
  const [adding, setAdding] = useState<(typeof ACTION_TYPES)[number]>('move')
  // "No action" is said here, in the person's language, rather than sent to be refused.
  const [noAction, setNoAction] = useState(false)
  const set = (change: Partial<Rule>) => {
    setDraft({ ...draft, ...change })
    setNoAction(false)
    onEdit()
  }
  const setAction = (i: number, action: Action) => set({ actions: draft.actions.map((a, j) => (j === i ? action : a)) })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!draft.actions.length) return setNoAction(true)
    if ((await onSubmit({ ...draft, name: draft.name.trim() })) && !rule) {
      setDraft(empty)
      setAdding('move')
    }
  }
  const claimed = ['/name', '/trigger', '/actions']
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={label}>
      <TextField label={t('admin.automations.name')} value={draft.name} onChange={(e) => set({ name: e.target.value })} error={problemIn(problem, '/name')} />
      <fieldset>
        <legend>{t('admin.automations.when')}</legend>
        <TriggerEditor workflow={workflow} trigger={draft.trigger} onChange={(trigger) => set({ trigger })} people={people} />
        <ErrorLine message={problemIn(problem, '/trigger')} />
      </fieldset>
      <fieldset>
        <legend>{t('admin.automations.then')}</legend>
        {!draft.actions.length ? <p className="muted">{t('admin.automations.noActions')}</p> : null}
        <ol className="rule-actions">
          {draft.actions.map((action, i) => (
            <li key={i} aria-label={t('admin.automations.actionN', { n: i + 1, action: t(actionKey(action.type)) })}>
              <ActionEditor workflow={workflow} action={action} onChange={(a) => setAction(i, a)} people={people} />
              <ErrorLine message={problemIn(problem, `/actions/${i}`)} />
              <Button className="secondary" onClick={() => set({ actions: draft.actions.filter((_, j) => j !== i) })}>
                {t('admin.automations.removeAction', { n: i + 1 })}
              </Button>
            </li>
          ))}
        </ol>
        <div className="row">
          <SelectField label={t('admin.automations.newAction')} value={adding} onChange={(e) => setAdding(e.target.value as typeof adding)}>
            {ACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(actionKey(type))}
              </option>
            ))}
          </SelectField>
          <Button className="secondary" onClick={() => set({ actions: [...draft.actions, newAction(adding, workflow, people[0]?.id ?? '')] })}>
            {t('admin.automations.addAction')}
          </Button>
        </div>
        <ErrorLine message={noAction ? t('admin.automations.needsAction') : problemAt(problem, '/actions')} />
      </fieldset>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
      <ErrorLine message={problem && !claimed.some((p) => problemIn(problem, p)) ? problem.message : undefined} />
    </form>
  )
}

type People = { id: string; name: string }[]

function PhaseSelect({ workflow, label, value, onChange }: { workflow: Workflow; label: string; value: string; onChange: (id: string) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {livePhases(workflow).map((id) => (
        <option key={id} value={id}>
          {workflow.phases[id].name ?? id}
        </option>
      ))}
    </SelectField>
  )
}

function PersonSelect({
  label,
  value,
  onChange,
  people,
  extra,
}: {
  label: string
  value: string
  onChange: (id: string) => void
  people: People
  extra?: ReactNode
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {extra}
      {people.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </SelectField>
  )
}

/** A value of a field, typed with the activity form's editor of its type. */
function ValueEditor({ field, label, value, onChange }: { field: WorkflowField; label: string; value: unknown; onChange: (v: unknown) => void }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldEditor field={field} value={value} onChange={onChange} id={id} />
    </div>
  )
}

function FieldSelect({ workflow, label, value, onChange }: { workflow: Workflow; label: string; value: string; onChange: (id: string) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {ruleFields(workflow).map((f) => (
        <option key={f._id} value={f._id}>
          {f.label ?? f._id}
        </option>
      ))}
    </SelectField>
  )
}

function TriggerEditor({ workflow, trigger, onChange, people }: { workflow: Workflow; trigger: Trigger; onChange: (t: Trigger) => void; people: People }) {
  const { t } = useTranslation()
  return (
    <>
      <SelectField
        label={t('admin.automations.triggerType')}
        value={trigger.type}
        onChange={(e) => onChange(newTrigger(e.target.value as (typeof TRIGGER_TYPES)[number], workflow))}
      >
        {TRIGGER_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(triggerKey(type))}
          </option>
        ))}
      </SelectField>
      {trigger.type === 'phase.entered' ? (
        <PhaseSelect
          workflow={workflow}
          label={t('admin.automations.phase')}
          value={trigger.phaseId}
          onChange={(phaseId) => onChange({ ...trigger, phaseId })}
        />
      ) : null}
      {trigger.type === 'field.changed' ? (
        <>
          <FieldSelect
            workflow={workflow}
            label={t('admin.automations.field')}
            value={trigger.fieldId}
            onChange={(fieldId) => onChange({ type: trigger.type, fieldId })}
          />
          <CheckField
            label={t('admin.automations.toValue')}
            checked={'value' in trigger}
            onChange={(e) => onChange(e.target.checked ? { ...trigger, value: null } : { type: trigger.type, fieldId: trigger.fieldId })}
          />
          {'value' in trigger && workflow.fields[trigger.fieldId] ? (
            <ValueEditor
              field={workflow.fields[trigger.fieldId]}
              label={t('admin.automations.value')}
              value={trigger.value}
              onChange={(value) => onChange({ ...trigger, value: value as never })}
            />
          ) : null}
        </>
      ) : null}
      {trigger.type === 'ball.passed' ? (
        <PersonSelect
          label={t('admin.automations.ballTo')}
          value={trigger.to ?? ''}
          onChange={(to) => onChange(to ? { type: trigger.type, to } : { type: trigger.type })}
          people={people}
          extra={<option value="">{t('admin.automations.anyone')}</option>}
        />
      ) : null}
    </>
  )
}

function ActionEditor({ workflow, action, onChange, people }: { workflow: Workflow; action: Action; onChange: (a: Action) => void; people: People }) {
  const { t } = useTranslation()
  const title = <strong>{t(actionKey(action.type))}</strong>
  switch (action.type) {
    case 'move':
      return (
        <>
          {title}
          <PhaseSelect
            workflow={workflow}
            label={t('admin.automations.toPhase')}
            value={action.phaseId}
            onChange={(phaseId) => onChange({ ...action, phaseId })}
          />
        </>
      )
    case 'setFields':
      return <SetFields workflow={workflow} action={action} onChange={onChange} />
    case 'passBall':
      return (
        <>
          {title}
          <PersonSelect label={t('admin.automations.ballTo')} value={action.userId} onChange={(userId) => onChange({ ...action, userId })} people={people} />
        </>
      )
    case 'addFollowers':
      return (
        <>
          {title}
          <ValueEditor
            field={{ _id: 'followers', type: 'users' }}
            label={t('admin.automations.followers')}
            value={action.userIds}
            onChange={(ids) => onChange({ ...action, userIds: ids as [string, ...string[]] })}
          />
        </>
      )
    case 'post':
    case 'mail':
      return (
        <>
          {title}
          {action.type === 'mail' ? (
            <PersonSelect
              label={t('admin.automations.mailTo')}
              value={action.to}
              onChange={(to) => onChange({ ...action, to })}
              people={people}
              extra={<option value="ballHolder">{t('admin.automations.ballHolder')}</option>}
            />
          ) : null}
          <TextField label={t('admin.automations.subject')} value={action.subject} onChange={(e) => onChange({ ...action, subject: e.target.value })} />
          <TextField
            label={t('admin.automations.text')}
            hint={t('admin.automations.placeholders', PLACEHOLDERS)}
            value={action.text}
            onChange={(e) => onChange({ ...action, text: e.target.value })}
          />
        </>
      )
    case 'webhook':
      return (
        <>
          {title}
          <TextField label={t('admin.automations.url')} type="url" value={action.url} onChange={(e) => onChange({ ...action, url: e.target.value })} />
        </>
      )
  }
}

/** Field values to set: a row per field, each with its type's editor. */
function SetFields({ workflow, action, onChange }: { workflow: Workflow; action: Extract<Action, { type: 'setFields' }>; onChange: (a: Action) => void }) {
  const { t } = useTranslation()
  const fields = ruleFields(workflow)
  const unused = fields.filter((f) => !(f._id in action.fields))
  const [adding, setAdding] = useState('')
  const chosen = adding && unused.some((f) => f._id === adding) ? adding : (unused[0]?._id ?? '')
  const setValue = (id: string, value: unknown) => onChange({ ...action, fields: { ...action.fields, [id]: value as never } })
  return (
    <>
      <strong>{t(actionKey('setFields'))}</strong>
      {Object.entries(action.fields).map(([id, value]) =>
        workflow.fields[id] ? (
          <div key={id} className="row">
            <ValueEditor field={workflow.fields[id]} label={workflow.fields[id].label ?? id} value={value} onChange={(v) => setValue(id, v)} />
            <Button
              className="secondary"
              onClick={() => onChange({ ...action, fields: Object.fromEntries(Object.entries(action.fields).filter(([k]) => k !== id)) })}
            >
              {t('admin.automations.removeField', { field: workflow.fields[id].label ?? id })}
            </Button>
          </div>
        ) : null,
      )}
      {unused.length ? (
        <div className="row">
          <SelectField label={t('admin.automations.fieldToSet')} value={chosen} onChange={(e) => setAdding(e.target.value)}>
            {unused.map((f) => (
              <option key={f._id} value={f._id}>
                {f.label ?? f._id}
              </option>
            ))}
          </SelectField>
          <Button className="secondary" onClick={() => setValue(chosen, null)}>
            {t('admin.automations.addField')}
          </Button>
        </div>
      ) : null}
    </>
  )
}
