/**
 * schemas/ covers every RPC operation of docs/reference/interface.md, every schema is
 * well formed, compiles under strict Ajv 2020, resolves all of its $refs and
 * bounds every string, array and object it can accept.
 */
import fs from 'fs'
import path from 'path'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { interfaceOperations } from '../scripts/interface-ops'

const ROOT = path.join(__dirname, '..')
const SCHEMA_DIR = path.join(ROOT, 'schemas')
const BASE = 'https://hlr-server.dev/schemas/'

type Json = any // eslint-disable-line @typescript-eslint/no-explicit-any

interface LoadedFile {
  file: string // relative to schemas/, e.g. ops/v2.network.get.json
  schema: Json
}

function readDir(sub: string): LoadedFile[] {
  const dir = path.join(SCHEMA_DIR, sub)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: `${sub}/${f}`, schema: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }))
}

const interfaceOps = interfaceOperations()
const interfaceNames = new Set(interfaceOps.map((o) => o.name))
const defsFile: LoadedFile = { file: 'defs.json', schema: JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, 'defs.json'), 'utf8')) }
const recordFiles = readDir('records')
const opFiles = readDir('ops')
const allFiles = [defsFile, ...recordFiles, ...opFiles]
const byId = new Map<string, LoadedFile>(allFiles.map((f) => [f.schema.$id, f]))

function newAjv(options: { strictTuples: boolean }) {
  // strictTuples is off for whole-tuple compilation only: an operation with optional
  // arguments has minItems < prefixItems.length by design, which Ajv's strictTuples rejects.
  const ajv = new Ajv2020({ strict: true, strictTuples: options.strictTuples, allErrors: true })
  addFormats(ajv)
  ajv.addVocabulary(['x-source', 'x-argNames', 'x-returns'])
  for (const f of allFiles) ajv.addSchema(f.schema)
  return ajv
}

// ---------------------------------------------------------------------------
// $ref resolution and the bounds walk
// ---------------------------------------------------------------------------
function decodePointer(p: string): string[] {
  if (p === '' || p === '/') return []
  return p
    .replace(/^\//, '')
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
}

function resolveRef(ref: string, baseId: string): { node: Json; docId: string; pointer: string } | undefined {
  const url = new URL(ref, baseId)
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ''))
  url.hash = ''
  const doc = byId.get(url.toString())
  if (!doc) return undefined
  let node: Json = doc.schema
  for (const seg of decodePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !(seg in node)) return undefined
    node = node[seg]
  }
  return { node, docId: url.toString(), pointer }
}

const COMBINATORS = ['$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const']
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas']
const SUBSCHEMA_LISTS = ['prefixItems', 'anyOf', 'oneOf', 'allOf']
const SUBSCHEMA_SINGLE = [
  'additionalProperties',
  'items',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'x-returns',
]

/** Problems of one node itself (not its children). */
function boundProblems(node: Json): string[] {
  if (node === true) return ['the schema `true` accepts unbounded strings, arrays and objects']
  if (node === false || node === null || typeof node !== 'object') return []
  if (COMBINATORS.some((k) => k in node)) return [] // constrained by its branches / target / values, which are walked
  const types: string[] = node.type === undefined ? ['string', 'array', 'object'] : [].concat(node.type)
  const out: string[] = []
  if (types.includes('string') && typeof node.maxLength !== 'number') out.push('string without maxLength')
  if (types.includes('array') && typeof node.maxItems !== 'number') out.push('array without maxItems')
  if (types.includes('object')) {
    const closed = node.additionalProperties === false && node.patternProperties === undefined
    if (typeof node.maxProperties !== 'number' && !closed) out.push('object without maxProperties or additionalProperties: false')
  }
  return out
}

interface WalkResult {
  unbounded: string[]
  unresolved: string[]
}

function walkAll(files: LoadedFile[]): WalkResult {
  const result: WalkResult = { unbounded: [], unresolved: [] }
  const seen = new Set<string>()
  const visit = (node: Json, docId: string, pointer: string, where: string) => {
    const key = `${docId}#${pointer}`
    if (seen.has(key)) return
    seen.add(key)
    for (const p of boundProblems(node)) result.unbounded.push(`${where}#${pointer || '/'}: ${p}`)
    if (node === null || typeof node !== 'object') return
    if (typeof node.$ref === 'string') {
      const target = resolveRef(node.$ref, docId)
      if (!target) result.unresolved.push(`${where}#${pointer || '/'}: $ref ${node.$ref}`)
      else visit(target.node, target.docId, target.pointer, byId.get(target.docId)?.file ?? target.docId)
    }
    for (const k of SUBSCHEMA_MAPS) {
      if (node[k] && typeof node[k] === 'object') {
        for (const [name, sub] of Object.entries(node[k])) visit(sub, docId, `${pointer}/${k}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, where)
      }
    }
    for (const k of SUBSCHEMA_LISTS) {
      if (Array.isArray(node[k])) node[k].forEach((sub: Json, i: number) => visit(sub, docId, `${pointer}/${k}/${i}`, where))
    }
    for (const k of SUBSCHEMA_SINGLE) {
      if (k in node && (typeof node[k] === 'object' || typeof node[k] === 'boolean')) visit(node[k], docId, `${pointer}/${k}`, where)
    }
  }
  for (const f of files) {
    if (f === defsFile) {
      // defs.json itself is only a container: walk its definitions
      for (const [name, sub] of Object.entries(f.schema.$defs ?? {})) visit(sub, f.schema.$id, `/$defs/${name}`, f.file)
    } else {
      visit(f.schema, f.schema.$id, '', f.file)
    }
  }
  return result
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------
describe('docs/reference/interface.md operation tables', () => {
  it('parse into more than 140 uniquely named operations', () => {
    expect(interfaceOps.length).toBeGreaterThan(140)
    const dupes = interfaceOps.map((o) => o.name).filter((n, i, all) => all.indexOf(n) !== i)
    expect(dupes).toEqual([])
  })

  it('expand short names under their section prefix and give namespaces', () => {
    const find = (n: string) => interfaceOps.find((o) => o.name === n)
    expect(find('v3.activity.ball.take')).toMatchObject({ namespace: 'v3.activity.ball' })
    expect(find('v3.activity.createMany')).toMatchObject({ namespace: 'v3.activity' })
    expect(find('process.create')).toMatchObject({ namespace: 'process' })
    expect(find('v3.user.apikey.create')).toMatchObject({ namespace: 'v3.user.apikey' })
    expect(find('v3.proofOfWork.call')).toBeDefined()
    expect(find('ball.take')).toBeUndefined()
    for (const op of interfaceOps) {
      expect(op.name).toMatch(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/) // no HTTP routes, no table headers
    }
  })
})

describe('schemas/ops coverage', () => {
  it('has a schema file for every interface operation', () => {
    const present = new Set(opFiles.map((f) => path.basename(f.file, '.json')))
    const missing = interfaceOps.map((o) => o.name).filter((n) => !present.has(n))
    expect(missing).toEqual([])
    const covered = opFiles.filter((f) => interfaceNames.has(path.basename(f.file, '.json')))
    expect(covered.length).toBe(interfaceOps.length)
  })

  it('has no operation file outside the interface unless marked x-source "added"', () => {
    const stray = opFiles
      .filter((f) => !interfaceNames.has(f.schema.title) && f.schema['x-source'] !== 'added')
      .map((f) => `${f.file} (title ${JSON.stringify(f.schema.title)}, x-source ${JSON.stringify(f.schema['x-source'])})`)
    expect(stray).toEqual([])
  })

  it('marks interface operation files with x-source "interface"', () => {
    const wrong = opFiles.filter((f) => interfaceNames.has(f.schema.title) && f.schema['x-source'] !== 'interface').map((f) => f.file)
    expect(wrong).toEqual([])
  })

  it('has a record schema for every record of "Resources and their fields"', () => {
    const expected = [
      'process',
      'process-field',
      'process-template',
      'process-member',
      'public-form',
      'workspace',
      'workspace-license',
      'workspace-general-options',
      'team',
      'invite',
      'company-property-field',
      'api-key',
      'activity',
      'removed-activity',
      'linked-activity',
      'user-global-settings',
      'proof-of-work-challenge',
    ]
    const present = new Set(recordFiles.map((f) => path.basename(f.file, '.json')))
    expect(expected.filter((r) => !present.has(r))).toEqual([])
  })
})

describe('schema file format', () => {
  it('defs.json has its $id, draft 2020-12 and the required definitions', () => {
    expect(defsFile.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(defsFile.schema.$id).toBe(`${BASE}defs.json`)
    for (const d of ['objectId', 'timestamp', 'lang', 'email', 'name', 'text', 'any']) expect(Object.keys(defsFile.schema.$defs)).toContain(d)
  })

  it('records have $id matching their file name', () => {
    const bad = recordFiles
      .filter((f) => f.schema.$id !== `${BASE}${f.file}` || f.schema.$schema !== 'https://json-schema.org/draft/2020-12/schema')
      .map((f) => `${f.file}: $id ${f.schema.$id}`)
    expect(bad).toEqual([])
  })

  it('operation files have matching $id and title and consistent tuple bounds', () => {
    const bad: string[] = []
    for (const { file, schema } of opFiles) {
      const name = path.basename(file, '.json')
      const problems: string[] = []
      if (schema.$schema !== 'https://json-schema.org/draft/2020-12/schema') problems.push('$schema is not draft 2020-12')
      if (schema.$id !== `${BASE}ops/${name}.json`) problems.push(`$id ${schema.$id}`)
      if (schema.title !== name) problems.push(`title ${schema.title}`)
      if (schema.type !== 'array') problems.push('type is not array')
      if (typeof schema.description !== 'string' || schema.description.length === 0 || /\n/.test(schema.description))
        problems.push('description is not one line')
      // an operation without arguments omits prefixItems (the 2020-12 meta-schema forbids an empty one)
      const prefixItems = schema.prefixItems ?? []
      if (!Array.isArray(prefixItems) || (schema.prefixItems !== undefined && prefixItems.length === 0))
        problems.push('prefixItems must be a non-empty array or absent')
      if (!Array.isArray(schema['x-argNames'])) problems.push('no x-argNames')
      else {
        if (schema['x-argNames'].some((n: unknown) => typeof n !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(n))) problems.push('x-argNames not camelCase')
        if (new Set(schema['x-argNames']).size !== schema['x-argNames'].length) problems.push('x-argNames not unique')
      }
      if (!Number.isInteger(schema.minItems) || !Number.isInteger(schema.maxItems)) problems.push('minItems/maxItems missing')
      if (prefixItems.length !== schema.maxItems) problems.push(`prefixItems.length ${prefixItems.length} !== maxItems ${schema.maxItems}`)
      if (Array.isArray(schema['x-argNames']) && schema['x-argNames'].length !== schema.maxItems)
        problems.push(`x-argNames.length ${schema['x-argNames'].length} !== maxItems ${schema.maxItems}`)
      if (!(schema.minItems >= 0 && schema.minItems <= schema.maxItems)) problems.push(`minItems ${schema.minItems} > maxItems ${schema.maxItems}`)
      if (problems.length) bad.push(`${file}: ${problems.join('; ')}`)
    }
    expect(bad).toEqual([])
  })

  it('uses only standard keywords plus x-source, x-argNames and x-returns', () => {
    const bad: string[] = []
    const scan = (node: Json, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => scan(n, `${where}/${i}`))
      if (node === null || typeof node !== 'object') return
      for (const [k, v] of Object.entries(node)) {
        if (k.startsWith('x-') && !['x-source', 'x-argNames', 'x-returns'].includes(k)) bad.push(`${where}/${k}`)
        // do not descend into values that are data, not schemas
        if (['enum', 'const', 'default', 'examples', 'required', 'x-argNames'].includes(k)) continue
        if (k === 'properties' || k === '$defs' || k === 'patternProperties' || k === 'dependentSchemas') {
          for (const [n, s] of Object.entries(v as object)) scan(s, `${where}/${k}/${n}`)
        } else scan(v, `${where}/${k}`)
      }
    }
    for (const f of allFiles) scan(f.schema, f.file)
    expect(bad).toEqual([])
  })
})

describe('strict Ajv 2020 compilation', () => {
  it('compiles every schema (all files added, so unresolved $refs fail)', () => {
    const ajv = newAjv({ strictTuples: false })
    const failures: string[] = []
    for (const f of allFiles) {
      try {
        ajv.getSchema(f.schema.$id) ?? failures.push(`${f.file}: not registered`)
      } catch (e) {
        failures.push(`${f.file}: ${(e as Error).message}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('compiles every positional argument and return schema on its own, as the server loader does', () => {
    // Compiling a fragment compiles its whole schema resource, so strictTuples has to be off here too.
    const ajv = newAjv({ strictTuples: false })
    const failures: string[] = []
    for (const { file, schema } of opFiles) {
      ;(schema.prefixItems ?? []).forEach((_: unknown, i: number) => {
        try {
          ajv.compile({ $ref: `${schema.$id}#/prefixItems/${i}` })
        } catch (e) {
          failures.push(`${file} argument ${i}: ${(e as Error).message}`)
        }
      })
      if (schema['x-returns'] !== undefined) {
        try {
          ajv.compile({ $ref: `${schema.$id}#/x-returns` })
        } catch (e) {
          failures.push(`${file} x-returns: ${(e as Error).message}`)
        }
      }
    }
    expect(failures).toEqual([])
  })
})

describe('bounds', () => {
  const { unbounded, unresolved } = walkAll(allFiles)

  it('resolves every $ref (including inside x-returns)', () => {
    expect(unresolved).toEqual([])
  })

  it('bounds every string (maxLength), array (maxItems) and object (maxProperties or additionalProperties: false)', () => {
    expect(unbounded).toEqual([])
  })

  it('the walker itself flags unbounded nodes', () => {
    const fake: LoadedFile = {
      file: 'ops/fake.json',
      schema: {
        $id: `${BASE}ops/fake.json`,
        type: 'array',
        prefixItems: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'array', items: { type: 'integer' } } } }, {}],
        minItems: 0,
        maxItems: 3,
      },
    }
    byId.set(fake.schema.$id, fake)
    try {
      const r = walkAll([fake])
      expect(r.unbounded.filter((p) => p.startsWith('ops/fake.json'))).toEqual([
        'ops/fake.json#/prefixItems/0: string without maxLength',
        'ops/fake.json#/prefixItems/1: object without maxProperties or additionalProperties: false',
        'ops/fake.json#/prefixItems/1/properties/a: array without maxItems',
        'ops/fake.json#/prefixItems/2: string without maxLength',
        'ops/fake.json#/prefixItems/2: array without maxItems',
        'ops/fake.json#/prefixItems/2: object without maxProperties or additionalProperties: false',
      ])
    } finally {
      byId.delete(fake.schema.$id)
    }
  })
})

describe('behaviour with real values', () => {
  const ajv = newAjv({ strictTuples: false })
  const validator = (op: string) => {
    const v = ajv.getSchema(`${BASE}ops/${op}.json`)
    if (!v) throw new Error(`no schema for ${op}`)
    return (args: unknown[]) => v(args) as boolean
  }
  const id = '0123456789abcdef01234567'
  const id2 = 'fedcba9876543210fedcba98'

  it('v2.network.get takes exactly one ObjectId', () => {
    const v = validator('v2.network.get')
    expect(v([id])).toBe(true)
    expect(v(['nope'])).toBe(false)
    expect(v([id.toUpperCase()])).toBe(false)
    expect(v([])).toBe(false)
    expect(v([id, id])).toBe(false)
  })

  it('v3.activity.createMany accepts activities with options and rejects unknown properties', () => {
    const v = validator('v3.activity.createMany')
    expect(v([id, [{ name: 'a' }], { ignoreRequired: true }])).toBe(true)
    expect(v(['process-key', [{ name: 'a', fields: { [id2]: 5 }, phaseId: id }]])).toBe(true)
    expect(v([id, [{ name: 'a', bogus: 1 }]])).toBe(false)
    expect(v([id, [{ name: 'a' }], { ignoreRequired: 'yes' }])).toBe(false)
    expect(v([id])).toBe(false)
  })

  it('v2.user.register requires an email', () => {
    const v = validator('v2.user.register')
    expect(v([{ email: 'a@example.com', firstname: 'A', lastname: 'B', password: 'pw' }])).toBe(true)
    expect(v([{ firstname: 'A', lastname: 'B', password: 'pw' }])).toBe(false)
    expect(v([{ email: 'not an email', firstname: 'A', lastname: 'B', password: 'pw' }])).toBe(false)
  })

  it('v2.user.invite.register takes null for its leading optional argument', () => {
    const v = validator('v2.user.invite.register')
    expect(v([null, 'invite-key'])).toBe(true)
    expect(v([{ firstname: 'A', lastname: 'B', password: 'pw' }, 'invite-key'])).toBe(true)
    expect(v(['invite-key'])).toBe(false)
  })

  it('process.set_info accepts configuration fields only', () => {
    const v = validator('process.set_info')
    expect(v([id, { name: 'Sales', enableUnlinkedMode: true, phasesOrder: [id2], translations: { fi: {} } }, 'en'])).toBe(true)
    expect(v([id, { notAField: 1 }])).toBe(false)
    expect(v([id, { name: 'x' }, 'de'])).toBe(false)
  })

  it('process.create_field checks the field type enumeration and required label', () => {
    const v = validator('process.create_field')
    expect(v([id, { label: 'Amount', type: 'numeric' }])).toBe(true)
    expect(v([id, { label: 'Amount', type: 'bogus' }])).toBe(false)
    expect(v([id, { type: 'text' }])).toBe(false)
  })

  it('enforces length bounds on text and on any-values', () => {
    expect(validator('wall2.edit_comment')([id, id2, 'x'.repeat(20000)])).toBe(true)
    expect(validator('wall2.edit_comment')([id, id2, 'x'.repeat(20001)])).toBe(false)
    expect(validator('v3.core.proofOfWork')([null, 'v3.user.register', { a: 'x'.repeat(100001) }])).toBe(false)
    expect(validator('v3.activity.removed.recover')([Array(10001).fill(id)])).toBe(false)
  })

  it('v3.activity.ball.list takes "*" or a list of discussion ids', () => {
    const v = validator('v3.activity.ball.list')
    expect(v(['*'])).toBe(true)
    expect(v([[id, id2]])).toBe(true)
    expect(v(['all'])).toBe(false)
  })
})
