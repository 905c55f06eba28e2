/**
 * Adding or editing one field: for a new field first its type, from the list of every type with a
 * short description; then the settings its type has (field-types.ts) and the phases that show it.
 * A refusal is shown at the setting it names (`/label`, `/unit`, `/data`, ...), and nothing is saved.
 */
import { lazy, Suspense, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { Button, TextField } from '../../ui/controls'
import { problemAt } from '../../ui/errors'
import { livePhases, type Workflow, type WorkflowField } from '../workflow/workflows'
import { createField, moved, phasesShowing, SETTINGS, updateField, type Descriptor, type Listed } from './api'
import { CheckField, SaveProblem, SelectField, TextArea, useSave } from './controls'
import { forType, hasSetting, TYPE_NAMES } from './field-types'

const FunctionSection = lazy(() => import('./FunctionSection'))

/** The settings of a field as read: the ones the builder edits. */
const settingsOf = (field: WorkflowField): Descriptor => Object.fromEntries(SETTINGS.filter((k) => field[k] !== undefined).map((k) => [k, field[k]]))

/** Empty texts are no setting at all; a default is used only when there is one; reminders only when on. */
function cleaned(type: string, draft: Descriptor): Descriptor {
  const out: Descriptor = {}
  for (const [k, v] of Object.entries(forType(type, draft))) if (v !== undefined && v !== '' && !(Array.isArray(v) && !v.length && k === 'data')) out[k] = v
  if (hasSetting(type, 'defaultValue') || hasSetting(type, 'numericDefault')) out.defaultTo = out.defaultValue !== undefined
  if (!out.reminderEnabled) delete out.reminderSettings
  if (type === 'subheader') delete out.required
  return out
}

/** Where the server may name a setting: everything the form claims (the rest goes next to Save). */
const CLAIMED = [
  '/label',
  '/description',
  '/placeholder',
  '/unit',
  '/data',
  '/defaultValue',
  '/key',
  '/reminderSettings',
  '/function',
  '/functionVariables',
  '/collapsedByDefault',
]

export function FieldEditor({
  wf,
  field,
  workflows,
  onDone,
  onReload,
}: {
  wf: Workflow
  field?: WorkflowField
  workflows: Listed[]
  onDone: () => void
  onReload: () => void
}) {
  const { t } = useTranslation()
  const app = useApp()
  const [type, setType] = useState(field?.type ?? 'text')
  const [draft, setDraft] = useState<Descriptor>(() => (field ? settingsOf(field) : { label: '' }))
  const [shownIn, setShownIn] = useState<string[]>(() => (field ? phasesShowing(wf, field._id) : livePhases(wf)))
  // The field as read when the form opened: the save expects it, so a teammate's change meanwhile is reported, never overwritten.
  const [read] = useState(field)
  const set = (patch: Descriptor) => setDraft((d) => ({ ...d, ...patch }))
  const save = useSave(async () => {
    const descriptor = cleaned(type, draft)
    if (read) await updateField(app.client, wf, read, descriptor, shownIn)
    else await createField(app.client, wf, { type, ...descriptor }, shownIn)
    onDone()
  })
  const at = (path: string) => problemAt(save.problem, path)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run()
  }
  const headingId = useId()
  return (
    <form onSubmit={submit} noValidate className="field-editor" aria-labelledby={headingId}>
      <h3 id={headingId}>{field ? t('builder.editField', { name: field.label }) : t('builder.newField')}</h3>
      {field ? (
        <p>
          {t('builder.type')}: <strong>{t(`builder.types.${type}.name`)}</strong> <span className="muted">{t(`builder.types.${type}.description`)}</span>
        </p>
      ) : (
        <TypeChooser
          type={type}
          onChange={(next) => {
            setType(next)
            // Options and link targets are both `data`: what was chosen for one type means nothing to another.
            set({ data: undefined, defaultValue: undefined })
          }}
        />
      )}
      <TextField
        label={t('builder.label')}
        value={String(draft.label ?? '')}
        onChange={(e) => set({ label: e.target.value })}
        error={at('/label')}
        autoFocus={!!field}
      />
      <TextArea
        label={t('builder.description')}
        rows={2}
        value={String(draft.description ?? '')}
        onChange={(e) => set({ description: e.target.value })}
        error={at('/description')}
      />
      {hasSetting(type, 'placeholder') ? (
        <TextField
          label={t('builder.placeholder')}
          value={String(draft.placeholder ?? '')}
          onChange={(e) => set({ placeholder: e.target.value })}
          error={at('/placeholder')}
        />
      ) : null}
      {hasSetting(type, 'unit') ? (
        <TextField label={t('builder.unit')} value={String(draft.unit ?? '')} onChange={(e) => set({ unit: e.target.value })} error={at('/unit')} />
      ) : null}
      {hasSetting(type, 'options') ? <OptionsEditor options={(draft.data as string[]) ?? []} onChange={(data) => set({ data })} error={at('/data')} /> : null}
      {hasSetting(type, 'targets') ? (
        <TargetsEditor workflows={workflows} selected={asList(draft.data)} onChange={(data) => set({ data })} error={at('/data')} />
      ) : null}
      {hasSetting(type, 'options') ? (
        <SelectField
          label={t('builder.defaultValue')}
          value={String(draft.defaultValue ?? '')}
          onChange={(e) => set({ defaultValue: e.target.value })}
          error={at('/defaultValue')}
        >
          <option value="">{t('builder.noDefault')}</option>
          {((draft.data as string[]) ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </SelectField>
      ) : hasSetting(type, 'defaultValue') || hasSetting(type, 'numericDefault') ? (
        <TextField
          label={t('builder.defaultValue')}
          inputMode={hasSetting(type, 'numericDefault') ? 'decimal' : undefined}
          value={String(draft.defaultValue ?? '')}
          onChange={(e) => set({ defaultValue: e.target.value })}
          error={at('/defaultValue')}
          hint={type === 'country' ? t('builder.countryDefaultHint') : undefined}
        />
      ) : null}
      {hasSetting(type, 'required') ? (
        <CheckField label={t('builder.requiredField')} checked={draft.required === true} onChange={(required) => set({ required })} />
      ) : null}
      {hasSetting(type, 'collapsedByDefault') ? (
        <CheckField
          label={t('builder.collapsed')}
          checked={draft.collapsedByDefault === true}
          onChange={(collapsedByDefault) => set({ collapsedByDefault })}
          error={at('/collapsedByDefault')}
        />
      ) : null}
      {hasSetting(type, 'inviteToDiscussionOnChange') ? (
        <CheckField
          label={t('builder.invite')}
          checked={draft.inviteToDiscussionOnChange === true}
          onChange={(inviteToDiscussionOnChange) => set({ inviteToDiscussionOnChange })}
        />
      ) : null}
      {hasSetting(type, 'reminders') ? (
        <>
          <CheckField
            label={t('builder.reminder')}
            checked={draft.reminderEnabled === true}
            onChange={(reminderEnabled) => set({ reminderEnabled, reminderSettings: reminderEnabled ? { daysBefore: 1 } : undefined })}
          />
          {draft.reminderEnabled ? (
            <TextField
              label={t('builder.reminderDays')}
              type="number"
              min={0}
              value={String((draft.reminderSettings as { daysBefore?: number } | undefined)?.daysBefore ?? 1)}
              onChange={(e) => set({ reminderSettings: { daysBefore: Number(e.target.value) } })}
              error={at('/reminderSettings')}
            />
          ) : null}
        </>
      ) : null}
      <fieldset>
        <legend>{t('builder.shownIn')}</legend>
        {livePhases(wf).map((p) => (
          <CheckField
            key={p}
            label={wf.phases[p].name ?? p}
            checked={shownIn.includes(p)}
            onChange={(on) => setShownIn((s) => (on ? [...s, p] : s.filter((x) => x !== p)))}
          />
        ))}
      </fieldset>
      <TextField
        label={t('builder.key')}
        hint={t('builder.keyHint')}
        value={String(draft.key ?? '')}
        onChange={(e) => set({ key: e.target.value })}
        error={at('/key')}
      />
      {hasSetting(type, 'function') ? (
        <>
          <CheckField label={t('builder.functionEnabled')} checked={draft.functionEnabled === true} onChange={(functionEnabled) => set({ functionEnabled })} />
          {draft.functionEnabled ? (
            <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
              <FunctionSection
                wf={wf}
                fieldId={field?._id}
                workflows={workflows}
                draft={draft}
                onChange={set}
                problem={at('/function') ?? at('/functionVariables')}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
      <div className="actions">
        <Button type="submit" busy={save.busy}>
          {field ? t('builder.saveField') : t('builder.createField')}
        </Button>
        <Button onClick={onDone}>{t('builder.cancel')}</Button>
      </div>
      <SaveProblem
        action={save}
        claimed={CLAIMED}
        onReload={() => {
          onReload()
          onDone()
        }}
      />
    </form>
  )
}

const asList = (data: unknown) => (Array.isArray(data) ? (data as string[]) : typeof data === 'string' ? [data] : [])

function TypeChooser({ type, onChange }: { type: string; onChange: (type: string) => void }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <fieldset className="types">
      <legend>{t('builder.type')}</legend>
      {TYPE_NAMES.map((name) => (
        <div key={name} className="type-choice">
          <input
            type="radio"
            id={`${id}-${name}`}
            name={`${id}-type`}
            value={name}
            checked={type === name}
            onChange={() => onChange(name)}
            aria-describedby={`${id}-${name}-d`}
          />
          <label htmlFor={`${id}-${name}`}>{t(`builder.types.${name}.name`)}</label>
          <span id={`${id}-${name}-d`} className="hint">
            {t(`builder.types.${name}.description`)}
          </span>
        </div>
      ))}
    </fieldset>
  )
}

/** Predefined options: add, rename, reorder, remove. */
function OptionsEditor({ options, onChange, error }: { options: string[]; onChange: (options: string[]) => void; error?: string }) {
  const { t } = useTranslation()
  const [next, setNext] = useState('')
  const errorId = useId()
  const add = () => {
    if (!next.trim()) return
    onChange([...options, next.trim()])
    setNext('')
  }
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend>{t('builder.options')}</legend>
      <ol className="rows">
        {options.map((option, index) => (
          <li key={index} className="row inline">
            <TextField
              label={t('builder.option', { n: index + 1 })}
              value={option}
              onChange={(e) => onChange(options.map((o, i) => (i === index ? e.target.value : o)))}
            />
            <Button
              aria-label={t('builder.moveUp', { name: option })}
              aria-disabled={index === 0 || undefined}
              onClick={() => onChange(moved(options, index, -1) ?? options)}
            >
              ↑
            </Button>
            <Button
              aria-label={t('builder.moveDown', { name: option })}
              aria-disabled={index === options.length - 1 || undefined}
              onClick={() => onChange(moved(options, index, 1) ?? options)}
            >
              ↓
            </Button>
            <Button aria-label={t('builder.removeNamed', { name: option })} onClick={() => onChange(options.filter((_, i) => i !== index))}>
              ✕
            </Button>
          </li>
        ))}
      </ol>
      <div className="inline">
        <TextField
          label={t('builder.newOption')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
        />
        <Button onClick={add}>{t('builder.addOption')}</Button>
      </div>
      {error ? (
        <p className="error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** The workflows (and datasets) a link may point to. */
function TargetsEditor({
  workflows,
  selected,
  onChange,
  error,
}: {
  workflows: Listed[]
  selected: string[]
  onChange: (ids: string[]) => void
  error?: string
}) {
  const { t } = useTranslation()
  const errorId = useId()
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend>{t('builder.targets')}</legend>
      {workflows.map((w) => (
        <CheckField
          key={w._id}
          label={w.enableUnlinkedMode ? t('builder.datasetNamed', { name: w.name }) : w.name}
          checked={selected.includes(w._id)}
          onChange={(on) => onChange(on ? [...selected, w._id] : selected.filter((id) => id !== w._id))}
        />
      ))}
      {error ? (
        <p className="error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
