/**
 * An editor per field type, each taking and giving the value in the form the server stores it
 * (docs/guides/activities.md, Stored values): dates as milliseconds, ranges as [from, to], times as
 * HH:MM, people, teams and links as lists of ids, a country as its ISO code. People, teams and links
 * are picked by name; a country by its name in the person's language (Intl.DisplayNames).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import type { WorkflowField } from '../workflow/workflows'

export interface EditorProps {
  field: WorkflowField
  value: unknown
  onChange: (value: unknown) => void
  /** The label's id and what describes the input (its error, its conflict), for assistive technology. */
  id: string
  describedBy?: string
  invalid?: boolean
}

const pad = (n: number) => String(n).padStart(2, '0')
/** A stored date (ms, UTC midnight) as the date input's text, and back. */
const dateText = (v: unknown) => (typeof v === 'number' ? new Date(v).toISOString().slice(0, 10) : '')
const dateValue = (text: string) => (text ? Date.parse(text) : null)
/** A stored date and time (ms) as the local datetime input's text, and back. */
function dateTimeText(v: unknown) {
  if (typeof v !== 'number') return ''
  const d = new Date(v)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
const dateTimeValue = (text: string) => (text ? new Date(text).getTime() : null)

export function FieldEditor(props: EditorProps) {
  const { field, value, onChange, id, describedBy, invalid } = props
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined }
  switch (field.type) {
    case 'textarea':
      return <textarea {...common} rows={4} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />
    case 'text':
    case 'textunit':
      return (
        <WithUnit unit={field.type === 'textunit' ? field.unit : undefined} id={id}>
          <input {...common} type="text" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />
        </WithUnit>
      )
    case 'numeric':
    case 'numericunit':
      return (
        <WithUnit unit={field.type === 'numericunit' ? field.unit : undefined} id={id}>
          <NumberInput {...common} value={value} onChange={onChange} />
        </WithUnit>
      )
    case 'date':
      return <input {...common} type="date" value={dateText(value)} onChange={(e) => onChange(dateValue(e.target.value))} />
    case 'datetime':
      return <input {...common} type="datetime-local" value={dateTimeText(value)} onChange={(e) => onChange(dateTimeValue(e.target.value))} />
    case 'time':
      return <input {...common} type="time" value={typeof value === 'string' ? value.slice(0, 5) : ''} onChange={(e) => onChange(e.target.value || null)} />
    case 'daterange':
      return <Range {...props} type="date" toText={dateText} fromText={dateValue} />
    case 'datetimerange':
      return <Range {...props} type="datetime-local" toText={dateTimeText} fromText={dateTimeValue} />
    case 'timerange':
      return <Range {...props} type="time" toText={(v) => (typeof v === 'string' ? v.slice(0, 5) : '')} fromText={(t) => t || null} />
    case 'textpredefinedoptions':
      return <Options {...props} />
    case 'country':
      return <CountrySelect {...props} />
    case 'users':
      return <PeoplePicker {...props} />
    case 'teams':
      return <TeamPicker {...props} />
    case 'activitylink':
      return <LinkPicker {...props} />
    default:
      return <input {...common} type="text" value={typeof value === 'string' ? value : JSON.stringify(value ?? '')} readOnly />
  }
}

function WithUnit({ unit, id, children }: { unit?: unknown; id: string; children: ReactNode }) {
  if (typeof unit !== 'string' || !unit) return <>{children}</>
  return (
    <span className="with-unit">
      {children}
      <span className="unit" id={`${id}-unit`}>
        {unit}
      </span>
    </span>
  )
}

/** A number input that lets the person type freely ("12.", "-") and gives a number, or null when empty. */
function NumberInput({
  value,
  onChange,
  ...rest
}: {
  value: unknown
  onChange: (v: unknown) => void
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
}) {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '')
  useEffect(() => {
    if (Number(text) !== value || text === '') setText(typeof value === 'number' ? String(value) : '')
  }, [value])
  return (
    <input
      {...rest}
      type="number"
      inputMode="decimal"
      step="any"
      value={text}
      onChange={(e) => {
        setText(e.target.value)
        const n = e.target.valueAsNumber
        onChange(e.target.value === '' ? null : Number.isFinite(n) ? n : e.target.value)
      }}
    />
  )
}

function Range({
  value,
  onChange,
  id,
  describedBy,
  type,
  toText,
  fromText,
}: EditorProps & { type: string; toText: (v: unknown) => string; fromText: (t: string) => unknown }) {
  const { t } = useTranslation()
  const pair = Array.isArray(value) ? value : [null, null]
  const set = (i: 0 | 1, text: string) => {
    const next = [...pair]
    next[i] = fromText(text)
    onChange(next.every((x) => x === null || x === undefined) ? null : next)
  }
  return (
    <span className="range" role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy}>
      <input id={id} type={type} aria-label={t('activity.from')} value={toText(pair[0])} onChange={(e) => set(0, e.target.value)} />
      <span aria-hidden="true">–</span>
      <input type={type} aria-label={t('activity.to')} value={toText(pair[1])} onChange={(e) => set(1, e.target.value)} />
    </span>
  )
}

function Options({ field, value, onChange, id, describedBy, invalid }: EditorProps) {
  const { t } = useTranslation()
  const options = Array.isArray(field.data) ? (field.data as string[]) : []
  const multiple = Array.isArray(value) || (field.modifier as { multiple?: boolean } | undefined)?.multiple === true
  if (multiple) {
    const chosen = Array.isArray(value) ? (value as string[]) : []
    return (
      <fieldset className="choices" id={id} aria-describedby={describedBy}>
        <legend className="visually-hidden">{field.label}</legend>
        {options.map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option))}
            />{' '}
            {option}
          </label>
        ))}
      </fieldset>
    )
  }
  return (
    <select
      id={id}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">{t('activity.none')}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  )
}

/** Every region code ICU names in this language (the server checks the code against ISO 3166-1). */
function useCountries(): Array<[code: string, name: string]> {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'none' })
    const list: Array<[string, string]> = []
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b)
        const name = names.of(code)
        // Groupings (EU, UN, QO) and private codes (X…, Z…) are not countries.
        if (name && name !== code && !/^(EU|EZ|UN|QO|Q[M-Z]|X[A-Z]|ZZ|AA)$/.test(code)) list.push([code, name])
      }
    return list.sort((x, y) => x[1].localeCompare(y[1], i18n.language))
  }, [i18n.language])
}

function CountrySelect({ value, onChange, id, describedBy, invalid }: EditorProps) {
  const { t } = useTranslation()
  const countries = useCountries()
  return (
    <select
      id={id}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      value={typeof value === 'string' ? value.toUpperCase() : ''}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">{t('activity.none')}</option>
      {countries.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  )
}

export interface Candidate {
  id: string
  name: string
}

/**
 * Chosen items as removable chips and a search box listing what may be added, by name: the
 * candidates containing the typed text (`onQuery` tells it to a picker that searches the server);
 * `names` names the chosen ids.
 */
function PickList({
  value,
  onChange,
  id,
  describedBy,
  candidates,
  names,
  label,
  onQuery,
}: EditorProps & { candidates: Candidate[]; names: Map<string, string>; label: string; onQuery?: (query: string) => void }) {
  const { t } = useTranslation()
  const chosen = Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : []
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const matches = q ? candidates.filter((c) => !chosen.includes(c.id) && c.name.toLowerCase().includes(q)).slice(0, 8) : []
  const nameOf = (cid: string) => names.get(cid) ?? candidates.find((c) => c.id === cid)?.name ?? t('activity.unknownItem')
  return (
    <div className="picker" aria-describedby={describedBy}>
      <ul className="chips" aria-label={t('activity.chosen', { label })}>
        {chosen.map((cid) => (
          <li key={cid}>
            {nameOf(cid)}{' '}
            <button type="button" aria-label={t('activity.remove', { name: nameOf(cid) })} onClick={() => onChange(chosen.filter((x) => x !== cid))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="search"
        placeholder={t('activity.searchToAdd')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          onQuery?.(e.target.value)
        }}
        autoComplete="off"
      />
      {matches.length ? (
        <ul className="matches" aria-label={t('activity.matches')}>
          {matches.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => {
                  onChange([...chosen, c.id])
                  setQuery('')
                  onQuery?.('')
                  document.getElementById(id)?.focus()
                }}
              >
                {t('activity.add', { name: c.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : q ? (
        <p className="hint">{t('activity.noMatch')}</p>
      ) : null}
    </div>
  )
}

const personName = (m: { firstname?: string; lastname?: string; email?: string }) => [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email || ''

/** The workspace's members by name (one live query, shared by every picker and the form). */
export function usePeople(): Candidate[] {
  const { client } = useApp()
  const session = useSession()!
  const members = useLive(
    `members:${session.cid}`,
    async () =>
      (
        (await client.call('v2.network.get', session.cid)) as unknown as {
          members: Array<{ uid: string; firstname?: string; lastname?: string; email?: string }>
        }
      ).members,
    [{ sig: 'network.member.added' }, { sig: 'network.member.removed' }, { sig: 'network.member.updated' }],
  )
  return useMemo(() => (members.data ?? []).map((m) => ({ id: m.uid, name: personName(m) })), [members.data])
}

/** The workspace's teams by name. */
export function useTeams(): Candidate[] {
  const { client } = useApp()
  const session = useSession()!
  const teams = useLive(`teams:${session.cid}`, async () => (await client.call('company.form_get_teams')) as unknown as Array<{ _id: string; name: string }>, [
    { sig: 'company.team.created' },
    { sig: 'company.team.updated' },
    { sig: 'company.team.removed' },
  ])
  return useMemo(() => (teams.data ?? []).map((team) => ({ id: team._id, name: team.name })), [teams.data])
}

function PeoplePicker(props: EditorProps) {
  const candidates = usePeople()
  return <PickList {...props} candidates={candidates} names={new Map(candidates.map((c) => [c.id, c.name]))} label={props.field.label ?? ''} />
}

function TeamPicker(props: EditorProps) {
  const candidates = useTeams()
  return <PickList {...props} candidates={candidates} names={new Map(candidates.map((c) => [c.id, c.name]))} label={props.field.label ?? ''} />
}

/** Links: activities of the field's target workflows, found by name on the server as the person types. */
function LinkPicker(props: EditorProps) {
  const { client } = useApp()
  const targets = typeof props.field.data === 'string' ? [props.field.data] : Array.isArray(props.field.data) ? (props.field.data as string[]) : []
  const chosen = Array.isArray(props.value) ? (props.value as string[]) : []
  const [names, setNames] = useState(new Map<string, string>())
  const [candidates, setCandidates] = useState<Candidate[]>([])
  const [query, setQuery] = useState('')
  // The names of linked activities, read once each.
  useEffect(() => {
    const missing = chosen.filter((id) => !names.has(id))
    if (!missing.length) return
    void Promise.all(
      missing.map((id) =>
        client.call('v3.activity.get', id).then(
          (a) => [id, (a as unknown as { name: string }).name] as const,
          () => [id, ''] as const,
        ),
      ),
    ).then((found) => setNames((known) => new Map([...known, ...found])))
  }, [chosen.join()])
  useEffect(() => {
    const q = query.trim()
    if (!q) return setCandidates([])
    const timer = setTimeout(async () => {
      const lists = await Promise.all(
        targets.map((processId) =>
          client.call('v3.activity.list', { processId, search: q, limit: 8 }).then(
            (r) => (r as unknown as { activities: Array<{ _id: string; name: string }> }).activities,
            () => [],
          ),
        ),
      )
      setCandidates(lists.flat().map((a) => ({ id: a._id, name: a.name })))
    }, 200)
    return () => clearTimeout(timer)
  }, [query, targets.join()])
  return <PickList {...props} candidates={candidates} names={names} label={props.field.label ?? ''} onQuery={setQuery} />
}
