/**
 * Field values of activities, checked per field type (docs/reference/interface.md "Process field descriptor").
 * `normalize` turns one given value into the stored one or says why it is wrong; ids that must name
 * something (users, teams, linked activities) are collected and checked in one query per kind by
 * the caller (checks.ts), so a batch of 10,000 activities costs three lookups, not 30,000. What stored
 * values bring with them is worked out here too: the activity_links rows and the users invited to the
 * discussion.
 *
 * Stored forms: text types -> string; numeric types -> number; date/datetime -> ms since 1970;
 * daterange/datetimerange -> [from, to] in ms (from <= to); time -> "HH:MM" or "HH:MM:SS";
 * timerange -> [from, to] times; users/teams/activitylink -> id[]; textpredefinedoptions -> one of
 * `data` (or a list of them); country -> ISO 3166-1 alpha-2, upper case. null clears a value.
 * Function fields (functionEnabled) keep what they are given (a later issue evaluates them);
 * linkedfrom and subheader fields hold no value.
 */
import type { FieldRecord } from './processes'
import { isObjectId } from '../ids'
import { own } from '../safe-keys'

export type Normalized = { ok: true; value: unknown } | { ok: false; reason: string }

const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
)

const ok = (value: unknown): Normalized => ({ ok: true, value })
const bad = (reason: string): Normalized => ({ ok: false, reason })

/** A date given as ISO 8601 text or ms since 1970, as ms; null when it is neither. */
function toMs(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) {
    const ms = Date.parse(v)
    return Number.isNaN(ms) ? null : ms
  }
  return null
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/

function pair(v: unknown, one: (x: unknown) => unknown | null, what: string): Normalized {
  if (!Array.isArray(v) || v.length !== 2) return bad(`must be a pair [from, to] of ${what}`)
  const from = one(v[0])
  const to = one(v[1])
  if (from === null || to === null) return bad(`must be a pair [from, to] of ${what}`)
  if ((from as number | string) > (to as number | string)) return bad('must not end before it starts')
  return ok([from, to])
}

function idList(v: unknown, what: string): Normalized {
  const list = typeof v === 'string' ? [v] : v
  if (!Array.isArray(list) || list.some((id) => !isObjectId(id))) return bad(`must be a ${what} id or a list of ${what} ids`)
  if (list.length > 1000) return bad('must list at most 1000 ids')
  return ok([...new Set(list as string[])])
}

/** The stored form of `value` for `field`, or why it does not fit the field's type. */
export function normalize(field: FieldRecord, value: unknown): Normalized {
  if (value === null) return ok(null)
  if (field.functionEnabled === true) return ok(value)
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'textunit':
      return typeof value === 'string' ? ok(value) : bad('must be a string')
    case 'numeric':
    case 'numericunit':
      return typeof value === 'number' && Number.isFinite(value) ? ok(value) : bad('must be a number')
    case 'date':
    case 'datetime': {
      const ms = toMs(value)
      return ms === null ? bad('must be an ISO 8601 date or milliseconds since 1970') : ok(ms)
    }
    case 'daterange':
    case 'datetimerange':
      return pair(value, toMs, 'ISO 8601 dates or milliseconds since 1970')
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? ok(value) : bad('must be a time HH:MM or HH:MM:SS')
    case 'timerange':
      return pair(value, (x) => (typeof x === 'string' && TIME.test(x) ? x : null), 'times HH:MM')
    case 'users':
      return idList(value, 'user')
    case 'teams':
      return idList(value, 'team')
    case 'activitylink':
      return idList(value, 'activity')
    case 'textpredefinedoptions': {
      const options = Array.isArray(field.data) ? (field.data as unknown[]) : []
      const list = Array.isArray(value) ? value : [value]
      if (!list.length || list.some((x) => typeof x !== 'string' || !options.includes(x))) return bad(`must be one of ${JSON.stringify(options)}`)
      return ok(value)
    }
    case 'country':
      return typeof value === 'string' && COUNTRIES.has(value.toUpperCase()) ? ok(value.toUpperCase()) : bad('must be an ISO 3166-1 alpha-2 country code')
    case 'linkedfrom':
    case 'subheader':
      return bad(`a ${field.type} field holds no value`)
    default:
      return ok(value)
  }
}

/** True when a value counts as given for a required field. */
export const isFilled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)

/** Field ids the workflow's phase requires: listed in the phase and marked required. */
export function requiredFields(info: Record<string, unknown>, phaseId: string, fields: Map<string, FieldRecord>): string[] {
  const phase = own(info.phases as Record<string, { fields?: string[] }> | undefined, phaseId)
  return (phase?.fields ?? []).filter((id) => fields.get(id)?.required === true)
}

/** activity_links rows for the activitylink values of one activity. */
export function linkRows(cid: string, activityId: string, values: Record<string, unknown>, fields: Map<string, FieldRecord>) {
  const rows: { cid: string; from_id: string; field_id: string; to_id: string }[] = []
  for (const [fieldId, value] of Object.entries(values)) {
    const f = fields.get(fieldId)
    if (f?.type === 'activitylink' && f.functionEnabled !== true && Array.isArray(value))
      for (const to of value as string[]) rows.push({ cid, from_id: activityId, field_id: fieldId, to_id: to })
  }
  return rows
}

/** Users of `users` fields with inviteToDiscussionOnChange. */
export function invitedUsers(values: Record<string, unknown>, fields: Map<string, FieldRecord>): string[] {
  const out: string[] = []
  for (const [fieldId, value] of Object.entries(values)) {
    const f = fields.get(fieldId)
    if (f?.type === 'users' && f.inviteToDiscussionOnChange === true && Array.isArray(value)) out.push(...(value as string[]))
  }
  return out
}
