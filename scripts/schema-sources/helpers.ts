/**
 * Small builders for JSON Schema fragments used by the hand-written schema
 * sources. References are written relative to schemas/ops/ and
 * schemas/records/ (both one level below schemas/), so `../defs.json` and
 * `../records/<name>.json` resolve from either place. Inside defs.json itself
 * the generator rewrites `../defs.json#` to `#`.
 */
export type Schema = { [key: string]: unknown }

export const BASE_URI = 'https://hlr-server.dev/schemas/'
export const DRAFT = 'https://json-schema.org/draft/2020-12/schema'

/** $ref to a shared definition in schemas/defs.json */
export const d = (name: string): Schema => ({ $ref: `../defs.json#/$defs/${name}` })
/** $ref to a record schema in schemas/records/ */
export const rec = (name: string): Schema => ({ $ref: `../records/${name}.json` })

export const withDesc = (s: Schema, description: string): Schema => ({ ...s, description })

export const str = (maxLength: number, extra: Schema = {}): Schema => ({ type: 'string', maxLength, ...extra })
export const bool = (extra: Schema = {}): Schema => ({ type: 'boolean', ...extra })
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra })
export const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra })
export const nul: Schema = { type: 'null' }
export const enm = (...values: (string | number | boolean | null)[]): Schema => ({ enum: values })
export const lit = (value: string): Schema => ({ const: value })

export const arr = (items: Schema, maxItems: number, extra: Schema = {}): Schema => ({ type: 'array', items, maxItems, ...extra })

/** closed object: listed properties only */
export function obj(properties: Record<string, Schema>, required: string[] = [], extra: Schema = {}): Schema {
  for (const r of required) if (!(r in properties)) throw new Error(`required property ${r} not in properties`)
  const s: Schema = { type: 'object', properties }
  if (required.length) s.required = required
  s.additionalProperties = false
  return { ...s, ...extra }
}

/** open object: listed properties plus bounded extra properties of any value */
export function openObj(properties: Record<string, Schema>, required: string[] = [], maxProperties = 200, extra: Schema = {}): Schema {
  for (const r of required) if (!(r in properties)) throw new Error(`required property ${r} not in properties`)
  const s: Schema = { type: 'object', properties }
  if (required.length) s.required = required
  s.maxProperties = maxProperties
  s.additionalProperties = d('any')
  return { ...s, ...extra }
}

/** map with bounded size */
export const map = (values: Schema, maxProperties = 500, propertyNames?: Schema): Schema => {
  const s: Schema = { type: 'object', maxProperties }
  if (propertyNames) s.propertyNames = propertyNames
  s.additionalProperties = values
  return s
}

export const anyOf = (...schemas: Schema[]): Schema => ({ anyOf: schemas })
export const nullable = (s: Schema): Schema => {
  if (Array.isArray(s.anyOf)) {
    if ((s.anyOf as Schema[]).some((x) => x.type === 'null')) return s
    return { ...s, anyOf: [...(s.anyOf as Schema[]), nul] }
  }
  return { anyOf: [s, nul] }
}

// Frequently used shorthands
export const oid = (): Schema => d('objectId')
export const ws = (): Schema => d('workspaceId')
export const oidList = (max = 1000): Schema => (max === 1000 ? d('objectIdList') : arr(d('objectId'), max))
export const anyObject = (): Schema => d('anyObject')
export const any = (): Schema => d('any')
