/**
 * Loads schemas/ once and compiles one validator per positional argument,
 * so an error names the argument (position, name and JSON path).
 */
import fs from 'node:fs'
import path from 'node:path'
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'

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

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: false, coerceTypes: false }) // optional trailing arguments make open tuples on purpose
  addFormats(ajv)
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

/** Every operation schema by operation name, with its compiled argument validators. */
export function loadOperationSchemas(dir = SCHEMA_DIR): Map<string, OperationArgs> {
  const ajv = createAjv()
  ajv.addSchema(JSON.parse(fs.readFileSync(path.join(dir, 'defs.json'), 'utf8')))
  for (const record of readJsonFiles(path.join(dir, 'records'))) ajv.addSchema(record)
  const ops = readJsonFiles(path.join(dir, 'ops')) as OperationSchema[]
  for (const op of ops) ajv.addSchema(op)
  const byName = new Map<string, OperationArgs>()
  for (const schema of ops) {
    const args = schema['x-argNames'].map((name, i) => ({
      name,
      optional: i >= schema.minItems,
      validate: ajv.compile({ $ref: `${schema.$id}#/prefixItems/${i}` }),
    }))
    byName.set(schema.title, { schema, args })
  }
  return byName
}

/** `argument 2 (options/limit) must be <= 200` */
export function describeArgumentError(index: number, name: string, error: ErrorObject) {
  const extra = error.keyword === 'required' ? `/${(error.params as { missingProperty: string }).missingProperty}` : ''
  const extraProp =
    error.keyword === 'additionalProperties'
      ? ` (${(error.params as { additionalProperty: string }).additionalProperty})`
      : ''
  const jsonPath = error.instancePath + extra
  const where = `${name}${jsonPath}`
  const reason = error.keyword === 'required' ? 'is required' : `${error.message ?? 'is invalid'}${extraProp}`
  return {
    message: `argument ${index + 1} (${where}) ${reason}`,
    details: { argument: index, name, path: jsonPath || '/', reason },
  }
}
