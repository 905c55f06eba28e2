/**
 * Many rows in one statement with one parameter: the rows as one JSON array, read as a table by
 * taking each row's values out of its element (`jsonb_array_elements($1::jsonb)`). A multi-row
 * VALUES list takes one parameter per value (10,000 for 1,000 rows of ten columns), which kysely
 * compiles and the server parses and plans on every call; here the text is the same whatever the
 * row count, so it is prepared once per connection (db/prepared-pool.ts), and the rows cost one
 * JSON.stringify. JSON columns take their values as they are (objects, arrays), not as JSON text.
 *
 * Not `json_to_recordset`, which read the same rows six to eight times slower: it builds a hash
 * table per row of `json`, and turns each jsonb or array value back into text to parse it again
 * (1,000 event-log rows: 17–27 ms against 3 ms; 1,000 activity rows of ten columns: 20–40 ms
 * against 5 ms; PostgreSQL 15, 2026-11-29). Its rules are kept: a missing key or a JSON null is
 * SQL null, whatever the column's type.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Database } from './schema'

/** A column's PostgreSQL type, which each row's JSON value is converted to. */
export type ColumnType = 'text' | 'text[]' | 'bigint' | 'integer' | 'boolean' | 'jsonb'

/** The value of key `column` of the row `e.value` as `type`. */
function columnValue(column: string, type: ColumnType): RawBuilder<unknown> {
  const json = sql`e.value->${sql.lit(column)}`
  const text = sql`e.value->>${sql.lit(column)}`
  switch (type) {
    case 'text':
      return text
    case 'jsonb':
      return sql`nullif(${json}, 'null'::jsonb)`
    case 'text[]':
      return sql`case when jsonb_typeof(${json}) = 'array' then array(select jsonb_array_elements_text(${json})) end`
    default:
      return sql`(${text})::${sql.raw(type)}`
  }
}

/**
 * `(select ... from jsonb_array_elements(...)) as <alias>`: the rows as a table with the columns of
 * `types`, to select from or join, in the order given. A row's missing value is null.
 */
export function rowsTable<K extends string>(alias: string, types: Record<K, ColumnType>, rows: Record<K, unknown>[]): RawBuilder<unknown> {
  const columns = (Object.keys(types) as K[]).map((c) => sql`${columnValue(c, types[c])} as ${sql.ref(c)}`)
  return sql`(select ${sql.join(columns)} from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as e) as ${sql.ref(alias)}`
}

/** `insert into <table> (<columns>) select <columns> from <rowsTable>`: the rows in one statement. */
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
