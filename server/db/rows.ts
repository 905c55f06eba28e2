/**
 * Many rows in one statement with one parameter: the rows as one JSON document, read as a table by
 * `json_to_recordset($1::json) as t(col type, ...)`. A multi-row VALUES list takes one parameter per
 * value (10,000 for 1,000 rows of ten columns), which kysely compiles and the server parses and
 * plans on every call; here the text is the same whatever the row count, so it is prepared once per
 * connection (db/prepared-pool.ts), and the rows cost one JSON.stringify. JSON columns take their
 * values as they are (objects, arrays), not as JSON text.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Database } from './schema'

/** A column's PostgreSQL type, which json_to_recordset converts each row's JSON value to. */
export type ColumnType = 'text' | 'text[]' | 'bigint' | 'integer' | 'boolean' | 'jsonb'

/**
 * `json_to_recordset(...) as <alias>(<column> <type>, ...)`: the rows as a table, to select from or
 * join, in the order given. Columns are the keys of `types`; a row's missing value is null.
 */
export function rowsTable<K extends string>(alias: string, types: Record<K, ColumnType>, rows: Record<K, unknown>[]): RawBuilder<unknown> {
  const columns = (Object.keys(types) as K[]).map((c) => sql`${sql.ref(c)} ${sql.raw(types[c])}`)
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as ${sql.ref(alias)}(${sql.join(columns)})`
}

/** `insert into <table> (<columns>) select <columns> from json_to_recordset(...)`: the rows in one statement. */
export function insertRows<T extends keyof Database, K extends keyof Database[T] & string>(
  table: T,
  types: Record<K, ColumnType>,
  rows: Record<K, unknown>[],
): RawBuilder<unknown> {
  const columns = sql.join((Object.keys(types) as K[]).map((c) => sql.ref(c)))
  return sql`insert into ${sql.table(table)} (${columns}) select ${columns} from ${rowsTable('r', types, rows)}`
}

/**
 * `= any($1::text[])`: membership in a list of ids as one parameter, where `in ($1, ..., $n)` takes
 * one per id (and a new statement text per length). Use: `.where('_id', '=', anyOf(ids))`.
 */
export const anyOf = (ids: readonly string[]) => sql<string>`any(${ids}::text[])`

/**
 * A value a query builder compares with: given, or a column of an outer query (`sql.ref('a._id')`),
 * so that the same builder reads alone or as a correlated subquery inside a larger read.
 */
export type ValueOrColumn = string | RawBuilder<string>

/** `= any(ids)` for a list, `= column` for a column of an outer query. */
export const oneOf = (ids: readonly string[] | RawBuilder<string>) => (Array.isArray(ids) ? anyOf(ids as readonly string[]) : (ids as RawBuilder<string>))

/** Writes `items` `size` at a time (one statement each): a multi-row VALUES list stays under PostgreSQL's 65,535 parameters. */
export async function insertBatches<T>(items: T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await write(items.slice(i, i + size))
}
