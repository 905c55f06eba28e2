/**
 * Writes server/rpc/args.generated.ts (`npm run types`): the argument types of every operation,
 * generated from schemas/ with json-schema-to-typescript, so a handler's parameters have the same
 * source as the validation that runs before it. spec/rpc/arg-types.spec.ts fails when the file
 * drifts from schemas/.
 *
 * One schema is built from defs.json, records/ and each argument of each operation (keyed
 * "<op>#<index>"); its interface `ArgumentTypes` holds one property per argument, and
 * `OperationArgs` lists each operation's tuple, named as the schema's x-argNames name them (null
 * leaves the type of an optional argument: dispatch passes it as undefined).
 */
import fs from 'node:fs'
import path from 'node:path'
import { compile, type JSONSchema } from 'json-schema-to-typescript'

const ROOT = path.join(__dirname, '..')
const SCHEMAS = path.join(ROOT, 'schemas')
export const ARG_TYPES_FILE = path.join(ROOT, 'server', 'rpc', 'args.generated.ts')

type Json = Record<string, any>

export const readJson = (file: string): Json => JSON.parse(fs.readFileSync(file, 'utf8'))
export const jsonFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()

export const recordKey = (file: string) => `record_${path.basename(file, '.json').replace(/-/g, '_')}`

/** Points every $ref into the one combined schema: its $defs hold defs.json's and each record. */
export function localRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(localRefs)
  if (!value || typeof value !== 'object') return value
  const out: Json = {}
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string') {
      const [file, pointer] = v.split('#')
      // Any file but defs.json is a record (records name each other as "company-property-field.json").
      out.$ref = file && !file.endsWith('defs.json') ? `#/$defs/${recordKey(file)}` : `#${pointer}`
    } else if (!k.startsWith('x-') && k !== '$id' && k !== '$schema') out[k] = localRefs(v)
  }
  return out
}

const quote = (s: string) => `'${s.replace(/'/g, "\\'")}'`

/** A tuple label may not be a reserved word of strict mode. */
const RESERVED = new Set([
  'public',
  'private',
  'protected',
  'package',
  'interface',
  'implements',
  'let',
  'static',
  'yield',
  'default',
  'delete',
  'new',
  'class',
  'function',
])
const label = (name: string) => (RESERVED.has(name) ? `${name}_` : name)

export async function generateArgTypes(): Promise<string> {
  const defs = readJson(path.join(SCHEMAS, 'defs.json'))
  const $defs: Json = { ...(localRefs(defs.$defs) as Json) }
  for (const f of jsonFiles(path.join(SCHEMAS, 'records'))) $defs[recordKey(f)] = localRefs(readJson(path.join(SCHEMAS, 'records', f)))
  const ops = jsonFiles(path.join(SCHEMAS, 'ops')).map((f) => readJson(path.join(SCHEMAS, 'ops', f)))
  const properties: Json = {}
  const tuples: string[] = []
  for (const op of ops) {
    const names: string[] = op['x-argNames']
    const items: Json[] = op.prefixItems ?? []
    const elements = names.map((name, i) => {
      properties[`${op.title}#${i}`] = localRefs(items[i] ?? {})
      const type = `ArgumentTypes[${quote(`${op.title}#${i}`)}]`
      // Dispatch turns null in an optional position into "not given".
      return i >= op.minItems ? `${label(name)}?: NonNullable<${type}>` : `${label(name)}: ${type}`
    })
    tuples.push(`  ${quote(op.title)}: [${elements.join(', ')}]`)
  }
  const schema = { title: 'ArgumentTypes', type: 'object', properties, required: Object.keys(properties), additionalProperties: false, $defs }
  const types = await compile(schema as JSONSchema, 'ArgumentTypes', {
    bannerComment: '/* Generated from schemas/ by scripts/arg-types.ts (npm run types): do not edit. */',
    additionalProperties: false,
    unknownAny: true,
    style: { singleQuote: true, semi: false, printWidth: 160 },
  })
  return `${types}
/** The positional arguments of each operation, named as its schema's x-argNames. */
export interface OperationArgs {
${tuples.join('\n')}
}

export type OperationName = keyof OperationArgs
`
}

if (require.main === module) {
  generateArgTypes().then((text) => fs.writeFileSync(ARG_TYPES_FILE, text))
}
