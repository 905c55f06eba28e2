/**
 * What a user property field is, and what its values may be.
 *
 * Values by field type (a value is a string; with enableMultiple, a list of such strings):
 * - text: any string (up to 1000 characters, the argument schema's bound)
 * - date: a calendar date `YYYY-MM-DD`
 * - phone: 5 to 32 characters of digits, spaces, `-`, `(`, `)` and a leading `+`, with at least 5 digits
 * - email: `local@domain.tld`, up to 254 characters
 * - url: an absolute http or https URL
 * - team: the id of a team of the workspace
 * - country: an ISO 3166-1 alpha-2 code (stored in upper case)
 * - optionlist: one of the field's options (`data`)
 * null, '' or [] clear the value. A list holds at most MAX_VALUES distinct values.
 */
import type { FieldDefinition, PropertyValue } from '../db/properties'
import type { PropertyFieldType, DbHandle } from '../db/schema'

export const MAX_VALUES = 100
export const MAX_OPTIONS = 500
export const MAX_LABEL = 200

/** Officially assigned ISO 3166-1 alpha-2 codes (249). */
const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
    'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
    'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
    'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
    'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
    'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
)

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const PHONE = /^\+?[0-9 ()-]+$/
/** `local@domain` with no space or second @, and a dot inside the domain (not first or last): one linear pattern and a slice, where `[^\s@]+\.[^\s@]+$` backtracked. */
const EMAIL = /^[^\s@]+@([^\s@]+)$/
const isEmail = (v: string) => EMAIL.exec(v)?.[1].slice(1, -1).includes('.') === true

/** A value that does not fit its field: `path` is inside the value ('' or '/2'). */
export class InvalidValue extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(reason)
  }
}

/** A field definition that does not hold together: `path` names the key of the definition. */
export class InvalidDefinition extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(reason)
  }
}

/**
 * The definition to store from what a client sent: a label that is not blank, and options
 * (`data`) for an optionlist only: at least one, each not blank, no duplicates.
 */
export function checkDefinition(
  input: { label: string; type: PropertyFieldType; filledBy: 'user' | 'admin'; enableMultiple?: boolean; data?: unknown },
  current?: FieldDefinition,
): FieldDefinition {
  const label = input.label.trim()
  if (!label) throw new InvalidDefinition('/label', 'must not be blank')
  if (label.length > MAX_LABEL) throw new InvalidDefinition('/label', `must be at most ${MAX_LABEL} characters`)
  const enableMultiple = input.enableMultiple ?? current?.enableMultiple ?? false
  let data: string[] | null = null
  if (input.type === 'optionlist') {
    const given = input.data ?? current?.data ?? undefined
    if (given === undefined) throw new InvalidDefinition('/data', 'an optionlist field needs its options in data')
    if (!Array.isArray(given)) throw new InvalidDefinition('/data', 'must be a list of options')
    const options = given.map((o: string) => o.trim())
    if (!options.length) throw new InvalidDefinition('/data', 'must hold at least one option')
    if (options.length > MAX_OPTIONS) throw new InvalidDefinition('/data', `must hold at most ${MAX_OPTIONS} options`)
    const blank = options.findIndex((o) => !o)
    if (blank >= 0) throw new InvalidDefinition(`/data/${blank}`, 'must not be blank')
    const dup = options.findIndex((o, i) => options.indexOf(o) !== i)
    if (dup >= 0) throw new InvalidDefinition(`/data/${dup}`, 'repeats an option')
    data = options
  } else if (input.data !== undefined && !(Array.isArray(input.data) && input.data.length === 0)) {
    throw new InvalidDefinition('/data', `only an optionlist field takes data; this one is ${input.type}`)
  }
  return { label, type: input.type, filledBy: input.filledBy, enableMultiple, data }
}

/**
 * The value to store for `field`, or null to clear it; throws InvalidValue. Team ids are looked up
 * in the workspace `cid`.
 */
export async function checkValue(db: DbHandle, cid: string, field: FieldDefinition, value: unknown): Promise<PropertyValue | null> {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null
  let values: unknown[]
  if (field.enableMultiple) {
    values = Array.isArray(value) ? value : [value]
    if (values.length > MAX_VALUES) throw new InvalidValue('', `takes at most ${MAX_VALUES} values`)
  } else {
    if (Array.isArray(value)) throw new InvalidValue('', 'must be a single value: the field does not take multiple values')
    values = [value]
  }
  const at = (i: number) => (field.enableMultiple ? `/${i}` : '')
  const checked = values.map((v, i) => {
    if (typeof v !== 'string') throw new InvalidValue(at(i), 'must be a string')
    const reason = problem(field, v)
    if (reason) throw new InvalidValue(at(i), reason)
    return field.type === 'country' ? v.toUpperCase() : v
  })
  if (field.type === 'team') {
    const rows = await db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', 'in', checked).execute()
    const known = new Set(rows.map((r) => r._id))
    const missing = checked.findIndex((t) => !known.has(t))
    if (missing >= 0) throw new InvalidValue(at(missing), 'is not a team of this workspace')
  }
  const distinct = [...new Set(checked)]
  return field.enableMultiple ? distinct : distinct[0]
}

/** Why `v` does not fit the field's type, or null when it does (team ids are checked by the caller). */
function problem(field: FieldDefinition, v: string): string | null {
  switch (field.type) {
    case 'text':
      return null
    case 'date': {
      const m = DATE.exec(v)
      if (!m) return 'must be a date YYYY-MM-DD'
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
      const date = new Date(Date.UTC(y, mo - 1, d))
      const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
      return real ? null : 'is not a calendar date'
    }
    case 'phone': {
      const digits = v.replace(/\D/g, '').length
      return v.length >= 5 && v.length <= 32 && PHONE.test(v) && digits >= 5
        ? null
        : 'must be a phone number: 5 to 32 digits, spaces, -, ( ) and a leading +, with at least 5 digits'
    }
    case 'email':
      return v.length <= 254 && isEmail(v) ? null : 'must be an email address'
    case 'url': {
      let url: URL
      try {
        url = new URL(v)
      } catch {
        return 'must be an absolute http or https URL'
      }
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname && v.length <= 2000 ? null : 'must be an absolute http or https URL'
    }
    case 'team':
      return /^[0-9a-f]{24}$/.test(v) ? null : 'is not a team of this workspace'
    case 'country':
      return COUNTRIES.has(v.toUpperCase()) ? null : 'must be an ISO 3166-1 alpha-2 country code'
    case 'optionlist':
      return field.data?.includes(v) ? null : `must be one of the field's options: ${(field.data ?? []).slice(0, 20).join(', ')}`
  }
}

/**
 * A stored value carried over to a changed definition: a single value becomes a one-element list when
 * the field starts taking multiple values, and a one-element list a single value when it stops.
 */
export function carryOver(value: PropertyValue, enableMultiple: boolean): unknown {
  if (enableMultiple) return Array.isArray(value) ? value : [value]
  return Array.isArray(value) && value.length === 1 ? value[0] : value
}
