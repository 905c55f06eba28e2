/**
 * Loads schemas/ once and compiles one validator per positional argument,
 * so an error names the argument (position, name and JSON path).
 */
import fs from 'node:fs'
import path from 'node:path'
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { badRequest, type RpcError } from '../errors'
import { isEmailAddress } from './email-format'

export const SCHEMA_DIR = path.join(__dirname, '..', '..', 'schemas')

export interface OperationSchema {
  $id: string
  title: string
  description?: string
  'x-source': 'interface' | 'added'
  'x-argNames': string[]
  prefixItems?: object[]
  minItems: number
  maxItems: number
}

export interface ArgumentValidator {
  name: string
  optional: boolean
  validate: ValidateFunction
}

export interface OperationArgs {
  schema: OperationSchema
  args: ArgumentValidator[]
}

/**
 * `checkSchemas`: each schema added is first validated against the JSON Schema meta-schema. The
 * server's own loader skips it: compiling the meta-schema was a twelfth of start-up, and
 * spec/schemas.spec.ts validates and compiles every schema file in CI.
 */
export function createAjv(checkSchemas = true): Ajv2020 {
  // Optional trailing arguments make open tuples on purpose (strictTuples off).
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: false, coerceTypes: false, validateSchema: checkSchemas })
  addFormats(ajv)
  ajv.addFormat('email', { type: 'string', validate: isEmailAddress })
  ajv.addVocabulary(['x-source', 'x-argNames', 'x-returns'])
  return ajv
}

function readJsonFiles(dir: string): object[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
}

/** An ajv holding every schema of `dir` (definitions, records, operations), and the operations. */
function loadSchemas(dir: string, checkSchemas = true) {
  const ajv = createAjv(checkSchemas)
  ajv.addSchema(JSON.parse(fs.readFileSync(path.join(dir, 'defs.json'), 'utf8')))
  for (const record of readJsonFiles(path.join(dir, 'records'))) ajv.addSchema(record)
  const ops = readJsonFiles(path.join(dir, 'ops')) as OperationSchema[]
  for (const op of ops) ajv.addSchema(op)
  return { ajv, ops }
}

/**
 * A validator of each operation's result, from its schema's `x-returns` (an operation without one
 * is absent). The tests check every result with these (spec/helpers/client.ts).
 */
export function loadReturnValidators(dir = SCHEMA_DIR): Map<string, ValidateFunction> {
  const { ajv, ops } = loadSchemas(dir)
  const byName = new Map<string, ValidateFunction>()
  for (const op of ops) {
    const returns = (op as { 'x-returns'?: object })['x-returns']
    // A sibling $id of the operation's, so the relative $refs of x-returns resolve as in the operation.
    if (returns) byName.set(op.title, ajv.compile({ ...returns, $id: op.$id.replace(/\.json$/, '.returns.json') }))
  }
  return byName
}

/**
 * Every operation schema by operation name, with its argument validators. Each validator is
 * compiled when first used: compiling all of them up front was most of the server's start-up time
 * (spec/schemas.spec.ts compiles every one, so a schema that does not compile still fails the tests).
 */
export function loadOperationSchemas(dir = SCHEMA_DIR): Map<string, OperationArgs> {
  const { ajv, ops } = loadSchemas(dir, false)
  const byName = new Map<string, OperationArgs>()
  for (const schema of ops) {
    const args = schema['x-argNames'].map((name, i) => {
      let compiled: ValidateFunction | undefined
      return {
        name,
        optional: i >= schema.minItems,
        get validate() {
          return (compiled ??= ajv.compile({ $ref: `${schema.$id}#/prefixItems/${i}` }))
        },
      }
    })
    byName.set(schema.title, { schema, args })
  }
  return byName
}

/** The JSON path and reason of the first error a validator found. */
export function describeSchemaError(error: ErrorObject): { path: string; reason: string } {
  if (error.keyword === 'required')
    return { path: `${error.instancePath}/${(error.params as { missingProperty: string }).missingProperty}`, reason: 'is required' }
  const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : ''
  return { path: error.instancePath, reason: `${error.message ?? 'is invalid'}${extra}` }
}

/**
 * The one 400 for a bad argument, from dispatch's validators and from handlers alike, naming the
 * argument as its schema's x-argNames does: `argument 2 (options/limit) must be <= 200`.
 * `argument` counts from 0; `path` is a JSON pointer inside it ('' for the whole argument).
 */
export function invalidArgument(entry: OperationArgs, argument: number, path: string, reason: string, details: object = {}): RpcError {
  const name = entry.schema['x-argNames'][argument] ?? `#${argument}`
  return badRequest(`argument ${argument + 1} (${name}${path}) ${reason}`, { argument, name, path: path || '/', reason, ...details })
}
