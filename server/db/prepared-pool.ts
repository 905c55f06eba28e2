/**
 * Wraps a pg Pool so that kysely's data queries run as named prepared statements: PostgreSQL then
 * parses and plans each distinct query text once per connection instead of on every call (on PGlite
 * this makes a simple read about four times faster). The name is a hash of the text, so one name
 * always means one text. Only data statements with a short text and few parameters are named, which
 * keeps the set of statements each connection holds small; everything else runs as before.
 *
 * A named statement's rows also have the same columns every time, so the work node-postgres does
 * for each result's column list (a parser per column and a template row, `Result.addFields`) is
 * done once per statement: it was 11 % of the server's CPU on `v2.network.get` (bench:rpc, profiled
 * with scripts/bench/profile.ts's inspector). The columns are compared on every call, so a statement
 * whose columns changed (a migration run by another process) gets a fresh shape.
 */
import { createHash } from 'node:crypto'
import type { PostgresPool, PostgresPoolClient } from 'kysely'
import pg from 'pg'

/**
 * Written into a statement (kysely: `.modifyFront(sql.raw(PLAN_EACH_CALL))`) whose best plan depends
 * on its values, e.g. a name search matching three rows or three million: it is not named, so it is
 * planned for its values on every call instead of reusing a generic plan.
 */
export const PLAN_EACH_CALL = '/* plan each call */'

const MAX_NAMED_TEXT = 4000
const MAX_NAMED_PARAMETERS = 64
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i

/** Names already worked out, by text: hashing every statement's text was a few percent of a simple read's CPU. */
const names = new Map<string, string>()
const MAX_REMEMBERED = 10_000

function statementName(sql: string, parameterCount: number): string | undefined {
  if (sql.length > MAX_NAMED_TEXT || parameterCount > MAX_NAMED_PARAMETERS) return undefined
  let name = names.get(sql)
  if (name === undefined) {
    if (sql.includes(PLAN_EACH_CALL) || !DATA_STATEMENT.test(sql)) return undefined
    if (names.size >= MAX_REMEMBERED) names.clear()
    name = 'k' + createHash('sha1').update(sql).digest('base64url')
    names.set(sql, name)
  }
  return name
}

/** What node-postgres's Result keeps of one column list (pg/lib/result.js: fields, _parsers, _prebuiltEmptyResultObject). */
interface Shape {
  fields: pg.FieldDef[]
  _parsers: unknown[] | undefined
  _prebuiltEmptyResultObject: object | null
}
interface ResultInternals extends Shape {
  addFields(fields: pg.FieldDef[]): void
}

const shapes = new Map<string, Shape>()

const sameColumns = (a: pg.FieldDef[], b: pg.FieldDef[]) =>
  a.length === b.length && a.every((f, i) => f.name === b[i]!.name && f.dataTypeID === b[i]!.dataTypeID && f.format === b[i]!.format)

/** A named statement whose result reuses the shape worked out the first time (type parsers are set once at start, db/connect.ts). */
class NamedQuery extends pg.Query {
  constructor(config: pg.QueryConfig & { name: string }, callback: (err: Error | undefined, result: pg.QueryResult) => void) {
    super(config, undefined, callback)
    const result = (this as unknown as { _result: ResultInternals })._result
    const addFields = result.addFields
    result.addFields = (fields) => {
      const known = shapes.get(config.name)
      if (known && sameColumns(known.fields, fields)) return void Object.assign(result, known)
      addFields.call(result, fields)
      if (shapes.size >= MAX_REMEMBERED) shapes.clear()
      shapes.set(config.name, { fields, _parsers: result._parsers, _prebuiltEmptyResultObject: result._prebuiltEmptyResultObject })
    }
  }
}

/**
 * `named` false (DB_NAMED_STATEMENTS=false, behind a transaction pooler): every statement goes
 * unnamed, as kysely sends it. A pooler hands each transaction any server connection, which may
 * already hold a statement this name was given by another client ("prepared statement … already
 * exists"), or not hold the one this client prepared ("… does not exist").
 */
export function preparedPool(pool: pg.Pool, named = true): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect()
      return {
        query: ((sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>) => {
          if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as pg.Submittable)
          const values = [...(parameters ?? [])]
          const name = named ? statementName(sqlOrCursor, values.length) : undefined
          if (!name) return client.query({ text: sqlOrCursor, values })
          return new Promise((resolve, reject) => {
            client.query(new NamedQuery({ text: sqlOrCursor, values, name }, (err, result) => (err ? reject(err) : resolve(result))))
          })
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      }
    },
    end: () => pool.end(),
  }
}
