/**
 * Writes schemas/types.generated.ts (`npm run types`): the TypeScript face of schemas/, imported by
 * both ends, so an argument or a record has one shape wherever it is used:
 * - the shared definitions and records (`Team`, `Workspace`, `Activity`, `Role`, `FieldType`, …),
 *   for the presenters' return types and the database's enums;
 * - `Operations[name]`: each operation's arguments as they go on the wire (a tuple named as its
 *   schema's x-argNames; an optional argument may be left out or sent as null) and its result
 *   (x-returns, else unknown), for the client;
 * - `HandlerArgs<name>`: the same tuple as a handler receives it (dispatch passes null in an optional
 *   position as undefined), for `run` in server/ops;
 * - the operations server/ops declares `readOnly` (the client repeats those without an idempotency key);
 * - the signals a webhook may hear (those published to the workspace's topic, server/realtime/signals.ts),
 *   for the app's choice of a webhook's events; and the audit trail's kinds (server/db/audit.ts), for its filter.
 * spec/types.spec.ts fails when the file differs from what this would write now.
 *
 * json-schema-to-typescript compiles one document: its $defs hold defs.json's definitions and each
 * record, and its root `OperationSchemas` has one property per operation with its arguments by name
 * and its result. The tuples are written here, as the compiler writes optional positions as a union.
 */
import fs from 'node:fs'
import path from 'node:path'
import { compile, type JSONSchema } from 'json-schema-to-typescript'
import prettier from 'prettier'
import { operations } from '../server/ops'
import { SIGNALS } from '../server/realtime/signals'
import { AUDIT_KINDS } from '../server/db/audit'

const ROOT = path.join(__dirname, '..')
const SCHEMAS = path.join(ROOT, 'schemas')
export const TYPES_FILE = path.join(SCHEMAS, 'types.generated.ts')

type Json = Record<string, any>

const readJson = (file: string): Json => JSON.parse(fs.readFileSync(file, 'utf8'))
const jsonFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f))

const recordKey = (file: string) => `record_${path.basename(file, '.json').replace(/-/g, '_')}`

/** Points every $ref into the one compiled document: its $defs hold defs.json's and each record. */
function localRefs(value: unknown): unknown {
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

/** The operation schemas of schemas/ops, by name. */
export function operationSchemas(): Array<{ name: string; schema: Json }> {
  return jsonFiles(path.join(SCHEMAS, 'ops')).map((file) => ({ name: path.basename(file, '.json'), schema: readJson(file) }))
}

/** Names a parameter may not have in strict mode; such an argument's label (and parameter) is written `name_`. */
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
export const parameterName = (argName: string) => (RESERVED.has(argName) ? `${argName}_` : argName)

const quote = (s: string) => `'${s.replace(/'/g, "\\'")}'`

export async function generateTypes(): Promise<string> {
  const $defs: Json = { ...(localRefs(readJson(path.join(SCHEMAS, 'defs.json')).$defs) as Json) }
  for (const file of jsonFiles(path.join(SCHEMAS, 'records'))) $defs[recordKey(file)] = localRefs(readJson(file))
  const properties: Json = {}
  const tuples: string[] = []
  for (const { name, schema } of operationSchemas()) {
    const names: string[] = schema['x-argNames']
    const items: Json[] = schema.prefixItems ?? []
    properties[name] = {
      type: 'object',
      description: schema.description,
      properties: {
        args: {
          type: 'object',
          properties: Object.fromEntries(names.map((arg, i) => [arg, localRefs(items[i] ?? {})])),
          required: names,
          additionalProperties: false,
        },
        result: schema['x-returns'] ? localRefs(schema['x-returns']) : { tsType: 'unknown' },
      },
      required: ['args', 'result'],
      additionalProperties: false,
    }
    const elements = names.map((arg, i) => `${parameterName(arg)}${i >= schema.minItems ? '?' : ''}: Arg<${quote(name)}, ${quote(arg)}>`)
    tuples.push(`  ${quote(name)}: [${elements.join(', ')}]`)
  }
  const document = { title: 'OperationSchemas', type: 'object', properties, required: Object.keys(properties), additionalProperties: false, $defs }
  const types = await compile(document as JSONSchema, 'OperationSchemas', {
    bannerComment: '/* Generated from schemas/ and server/ops by scripts/types.ts (npm run types): do not edit. */',
    additionalProperties: false,
    unknownAny: true,
    format: false,
  })
  const readOnly = operations
    .filter((op) => op.readOnly)
    .map((op) => `  ${quote(op.name)},`)
    .sort()
  // A webhook hears its workspace's topic (server/consumers/webhooks.ts): the workspace's and the workflows' viewers' signals.
  const webhookSignals = Object.entries(SIGNALS)
    .filter(([, spec]) => spec.to.some((to: string) => to === 'workspace' || to === 'viewers'))
    .map(([name]) => `  ${quote(name)},`)
  const text = `${types}
type Arg<N extends keyof OperationSchemas, A extends keyof OperationSchemas[N]['args']> = OperationSchemas[N]['args'][A]

/** Each operation's arguments in order, named as its schema's x-argNames. */
export interface OperationArgs {
${tuples.join('\n')}
}

export type OpName = keyof OperationSchemas

/** Each operation's arguments as they go on the wire (an optional one may be left out, or sent as null) and its result. */
export type Operations = { [N in OpName]: { args: OperationArgs[N]; result: OperationSchemas[N]['result'] } }

/** The arguments as a handler receives them: dispatch passes null in an optional position as undefined. */
export type HandlerArgs<N extends OpName> = Received<OperationArgs[N]>
type Received<T extends unknown[]> = { [I in keyof T]: {} extends Pick<T, I> ? NonNullable<T[I]> : T[I] }

/** The operations the server declares read-only (server/ops, \`readOnly: true\`). */
export const READ_ONLY_OPERATIONS: ReadonlySet<string> = new Set([
${readOnly.join('\n')}
])

/** The signals a webhook may be told to post (\`events\`): those published to the workspace's topic (server/realtime/signals.ts). */
export const WEBHOOK_SIGNALS: readonly string[] = [
${webhookSignals.join('\n')}
]

/** The kinds of act the audit trail records (server/db/audit.ts AUDIT_KINDS), in their order there. */
export const AUDIT_KIND_NAMES: readonly string[] = [
${Object.keys(AUDIT_KINDS)
  .map((kind) => `  ${quote(kind)},`)
  .join('\n')}
]
`
  return prettier.format(text, { ...readJson(path.join(ROOT, '.prettierrc.json')), parser: 'typescript' })
}

if (require.main === module) {
  void generateTypes().then((text) => {
    fs.writeFileSync(TYPES_FILE, text)
    console.log(`wrote ${path.relative(ROOT, TYPES_FILE)}`)
  })
}
