/**
 * The operation schemas of schemas/ read as data: every operation's argument schemas, fast-check
 * arbitraries that generate arguments from them (valid, and deliberately invalid), and every
 * place a string can stand in them. New operations are picked up from schemas/ops/ automatically.
 */
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'

const DIR = path.join(__dirname, '..', '..', 'schemas')

type Schema = Record<string, any>

export interface OpSchema {
  name: string
  argNames: string[]
  minItems: number
  maxItems: number
  /** One schema per positional argument, each with the file its $refs are relative to. */
  args: Schema[]
  file: string
}

const files = new Map<string, Schema>()
function load(file: string): Schema {
  let schema = files.get(file)
  if (!schema) {
    schema = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as Schema
    files.set(file, schema)
  }
  return schema
}

export function operationSchemas(): OpSchema[] {
  return fs
    .readdirSync(path.join(DIR, 'ops'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = `ops/${f}`
      const s = load(file)
      return { name: s.title, argNames: s['x-argNames'], minItems: s.minItems, maxItems: s.maxItems, args: s.prefixItems ?? [], file }
    })
}

/** A $ref resolved: the schema it names and the file later refs inside it are relative to. */
function resolve(ref: string, base: string): [Schema, string] {
  const [target, pointer = ''] = ref.split('#')
  const file = target ? path.posix.normalize(path.posix.join(path.posix.dirname(base), target)) : base
  let node: any = load(file)
  for (const token of pointer.split('/').filter(Boolean)) node = node[token.replace(/~1/g, '/').replace(/~0/g, '~')]
  if (node === undefined) throw new Error(`unresolved $ref ${ref} in ${base}`)
  return [node, file]
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

export interface IdPool {
  /** Ids of real records the generator mixes into every object-id position. */
  ids: string[]
  /** Only these ids in object-id positions (and the workspace positions). */
  only?: boolean
  /**
   * The id for an object-id position by the name of its argument or property: the first pattern
   * that matches it wins (`[/process/i, processId]`), so a call reaches the record it names.
   */
  named?: [RegExp, string][]
}

const MAX_DEPTH = 5
/** Nesting far beyond any limit: 3,000 levels overflowed the validator's stack. */
const DEEP = JSON.parse('['.repeat(3000) + ']'.repeat(3000))
const OBJECT_ID = '^[0-9a-f]{24}$'

/**
 * Arguments that satisfy the schema (mostly: a pattern or an interplay of keywords may be missed).
 * `name`: the argument's or property's name, for `pool.named`.
 */
export function validArbitrary(schema: Schema, base: string, pool: IdPool, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH || typeof schema !== 'object') return fc.constant(null)
  const next = (s: Schema, b = base, n = name) => validArbitrary(s, b, pool, depth + 1, n)
  if (schema.$ref) {
    const [target, file] = resolve(schema.$ref, base)
    return validArbitrary(target, file, pool, depth, name)
  }
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.anyOf || schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Schema) => next(s)))
  if (schema.allOf) return next(schema.allOf[0])
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, pool, name)
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 })
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s: Schema) => next(s)))
      const minLength = schema.minItems ?? 0
      const item = schema.items ? next(schema.items) : fc.jsonValue({ maxDepth: 1 })
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) })
    }
    case 'object': {
      if (schema.properties) {
        const model = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([k, s]) => [k, next(s, base, k)]))
        return fc.record(model, { requiredKeys: schema.required ?? [] })
      }
      const key = schema.propertyNames ? (next(schema.propertyNames) as fc.Arbitrary<string>) : fc.string({ minLength: 1, maxLength: 8 })
      const declared = typeof schema.additionalProperties === 'object' ? next(schema.additionalProperties) : fc.jsonValue({ maxDepth: 1 })
      const value = fc.oneof({ weight: 6, arbitrary: declared }, { weight: 1, arbitrary: fc.constant(DEEP) })
      return fc.dictionary(key, value, { minKeys: schema.minProperties ?? 0, maxKeys: Math.max(schema.minProperties ?? 0, 3) })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function stringArbitrary(schema: Schema, pool: IdPool, name: string): fc.Arbitrary<string> {
  if (schema.pattern === OBJECT_ID) {
    const named = pool.named?.find(([pattern]) => pattern.test(name))
    if (named) return fc.constant(named[1])
    if (pool.only) return fc.constantFrom(...pool.ids)
    return fc.oneof(
      fc.stringMatching(new RegExp(OBJECT_ID)),
      fc.nat().map((i) => (pool.ids.length ? pool.ids[i % pool.ids.length] : 'f'.repeat(24))),
    )
  }
  // An id inside a pattern (user_<id>, team_<id> ...): the pool's ids stand in it too.
  if (schema.pattern?.includes('[0-9a-f]{24}') && pool.ids.length) {
    const id = fc.constantFrom(...pool.ids)
    return fc.tuple(fc.stringMatching(new RegExp(schema.pattern)), id).map(([s, i]) => s.replace(/[0-9a-f]{24}/, i))
  }
  if (schema.format === 'email') return fc.emailAddress()
  if (schema.format === 'date-time') return fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString())
  if (schema.format === 'uri') return fc.constantFrom('http://127.0.0.1:9/none', 'https://example.invalid/x')
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000))
  const minLength = schema.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 30))
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constantFrom(`${'n'.repeat(minLength)}\u0000`, `${'n'.repeat(minLength)}\ud800`) },
  )
}

/**
 * The smallest value the schema takes: required properties and the optional ids `pool.named` names,
 * one item in a list (or its fewest), the first of each choice; an object id is `pool.named`'s for
 * its name (else the pool's first), and a free text is `texts`' for its name (else "x"). Arguments
 * like these reach an operation's work more often than generated ones, whose optional parts trip
 * its checks.
 */
export function minimalValue(schema: Schema | boolean, base: string, pool: IdPool, name = '', texts: [RegExp, string][] = [], depth = 0): unknown {
  if (typeof schema !== 'object' || depth > MAX_DEPTH) return null
  const next = (s: Schema, n = name, b = base) => minimalValue(s, b, pool, n, texts, depth + 1)
  if (schema.$ref) {
    const [target, file] = resolve(schema.$ref, base)
    return minimalValue(target, file, pool, name, texts, depth)
  }
  if ('const' in schema) return schema.const
  if (schema.enum) return schema.enum[0]
  const choices: Schema[] | undefined = schema.anyOf ?? schema.oneOf
  if (choices) return next(choices.find((c) => c.type !== 'null') ?? choices[0])
  if (schema.allOf) return next(schema.allOf[0])
  const type = [schema.type].flat().find((t) => t !== 'null') ?? schema.type
  switch (type) {
    case 'string': {
      if (schema.pattern === OBJECT_ID) return pool.named?.find(([pattern]) => pattern.test(name))?.[1] ?? pool.ids[0] ?? 'f'.repeat(24)
      if (schema.pattern || schema.format)
        return fc.sample(
          stringArbitrary(schema, { ...pool, only: true }, name).filter((v) => !v.includes('\u0000')),
          { seed: 1, numRuns: 1 },
        )[0]
      const text = texts.find(([pattern]) => pattern.test(name))?.[1] ?? 'x'
      return text.padEnd(schema.minLength ?? 0, 'x')
    }
    case 'integer':
    case 'number':
      return Math.min(
        Math.max(schema.minimum ?? 1, schema.exclusiveMinimum === undefined ? -Infinity : schema.exclusiveMinimum + 1),
        schema.maximum ?? Infinity,
      )
    case 'boolean':
      return false
    case 'array': {
      const items = (schema.prefixItems ?? []).map((s: Schema) => next(s))
      const fewest = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? 1)
      while (items.length < fewest && schema.items) items.push(next(schema.items))
      return items
    }
    case 'object': {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([k, s]) => [k, next(s, k)] as const)
      const namedId = (k: string, v: unknown) => pool.named?.some(([pattern, id]) => pattern.test(k) && v === id)
      return Object.fromEntries(properties.filter(([k, v]) => schema.required?.includes(k) || namedId(k, v)))
    }
    default:
      return null
  }
}

/**
 * Arguments for one call: each position is valid, any JSON, or null, and the list is cut or
 * lengthened at random, so both sides of every check are reached.
 */
export function argumentsArbitrary(op: OpSchema, pool: IdPool): fc.Arbitrary<unknown[]> {
  const positions = op.args.map((s, i) =>
    fc.oneof(
      { weight: 6, arbitrary: validArbitrary(s, op.file, pool, 0, op.argNames[i]) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }) },
      { weight: 1, arbitrary: fc.constant(null) },
      // What PostgreSQL and the validator cannot take: a NUL, and nesting far beyond any limit.
      { weight: 1, arbitrary: fc.constantFrom('a\u0000b', { k: 'a\u0000' }, DEEP) },
    ),
  )
  return fc
    .tuple(fc.tuple(...positions), fc.nat({ max: op.maxItems + 1 }), fc.boolean())
    .map(([args, cut, keepAll]) => (keepAll ? args : [...args, 'extra'].slice(0, Math.max(cut, op.minItems - 1, 0))))
}

// ---------------------------------------------------------------------------------------------
// String positions

/** A JSON pointer inside one argument where the schema allows a string. */
export interface StringPosition {
  argument: number
  /** Pointer tokens: numbers stand in arrays, strings in objects. */
  tokens: (string | number)[]
}

/**
 * Visits every schema inside each argument of `op` with the pointer where its value stands, following
 * $refs (a recursive definition is followed `repeats` times), alternatives, tuples, items and
 * properties. Inside a map (additionalProperties) the key is the first its propertyNames allow, else `anyKey`.
 */
function walkPositions(op: OpSchema, repeats: number, visit: (s: Schema, base: string, argument: number, tokens: (string | number)[]) => void) {
  op.args.forEach((schema, argument) => {
    const walk = (s: Schema | boolean, base: string, tokens: (string | number)[], seen: string[]): void => {
      if (typeof s !== 'object') return
      if (s.$ref) {
        const key = `${base}${s.$ref}`
        if (seen.filter((k) => k === key).length >= repeats) return
        const [target, file] = resolve(s.$ref, base)
        return walk(target, file, tokens, [...seen, key])
      }
      for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, base, tokens, seen)
      visit(s, base, argument, tokens)
      if (s.prefixItems) s.prefixItems.forEach((item: Schema, i: number) => walk(item, base, [...tokens, i], seen))
      if (s.items && typeof s.items === 'object') walk(s.items, base, [...tokens, s.prefixItems?.length ?? 0], seen)
      for (const [k, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) walk(sub, base, [...tokens, k], seen)
      if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, base, [...tokens, mapKey(s, base)], seen)
    }
    walk(schema, op.file, [], [])
  })
}

/** A key a map's propertyNames allow (its first enum value), else `anyKey`. */
function mapKey(s: Schema, base: string): string {
  let names = s.propertyNames
  if (names?.$ref) names = resolve(names.$ref, base)[0]
  return typeof names?.enum?.[0] === 'string' ? names.enum[0] : 'anyKey'
}

/** Every place a string may stand (recursive definitions followed twice). */
export function stringPositions(op: OpSchema): StringPosition[] {
  const found = new Map<string, StringPosition>()
  walkPositions(op, 2, (s, _base, argument, tokens) => {
    const types = s.type === undefined ? [] : [s.type].flat()
    const stringy = types.includes('string') || (s.enum ?? []).some((v: unknown) => typeof v === 'string') || typeof s.const === 'string'
    if (stringy || (s.type === undefined && !s.anyOf && !s.oneOf && !s.allOf && !s.enum && !('const' in s))) {
      found.set(`${argument}:${JSON.stringify(tokens)}`, { argument, tokens })
    }
  })
  return [...found.values()]
}

/**
 * Every place free text may stand: a string without pattern, format, enum or const that a word of
 * `length` characters fits. Such a text may end up as a key (a template name, a language, a setting).
 * Recursive definitions are followed once: deeper levels of one definition are alike.
 */
export function textPositions(op: OpSchema, length: number): StringPosition[] {
  const found = new Map<string, StringPosition>()
  walkPositions(op, 1, (s, _base, argument, tokens) => {
    const free = [s.type].flat().includes('string') && !s.pattern && !s.format && !s.enum && !('const' in s)
    if (free && (s.minLength ?? 0) <= length && (s.maxLength ?? Infinity) >= length) found.set(`${argument}:${JSON.stringify(tokens)}`, { argument, tokens })
  })
  return [...found.values()]
}

/** A free-form object: any property name is allowed (additionalProperties, patternProperties, or no properties at all). */
export interface FreeFormPosition extends StringPosition {
  /** The schema of its values (true: anything), and the file its $refs are relative to. */
  values: Schema | true
  base: string
}

/** Every free-form object (recursive definitions followed once). */
export function freeFormPositions(op: OpSchema): FreeFormPosition[] {
  const found = new Map<string, FreeFormPosition>()
  walkPositions(op, 1, (s, base, argument, tokens) => {
    if (![s.type].flat().includes('object') || s.additionalProperties === false) return
    if (s.properties && s.additionalProperties === undefined && !s.patternProperties) return
    const values = typeof s.additionalProperties === 'object' ? s.additionalProperties : true
    found.set(`${argument}:${JSON.stringify(tokens)}`, { argument, tokens, values, base })
  })
  return [...found.values()]
}

/** `value` (a generated argument) with `leaf` put at `tokens`, making the objects and arrays on the way. */
export function setAt(value: unknown, tokens: (string | number)[], leaf: unknown): unknown {
  if (!tokens.length) return leaf
  const [token, ...rest] = tokens
  if (typeof token === 'number') {
    const array: unknown[] = Array.isArray(value) ? [...value] : []
    while (array.length < token) array.push(null)
    array[token] = setAt(array[token], rest, leaf)
    return array
  }
  // A spread keeps an own `__proto__` key of the value as a key (an assignment would not).
  const object: Record<string, unknown> = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {}
  const current = Object.hasOwn(object, token) ? object[token] : undefined
  Object.defineProperty(object, token, { value: setAt(current, rest, leaf), enumerable: true, writable: true, configurable: true })
  return object
}

/** An argument holding `leaf` at `tokens` and nothing else. */
export function placeAt(tokens: (string | number)[], leaf: unknown): unknown {
  let value = leaf
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]
    if (typeof token === 'number') {
      const array: unknown[] = Array(token).fill(null)
      array.push(value)
      value = array
    } else value = { [token]: value }
  }
  return value
}

export const pointer = (tokens: (string | number)[]) =>
  tokens.length ? tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') : '/'
