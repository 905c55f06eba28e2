/**
 * What the log line of an internal error says when the database refused a value: the SQLSTATE, the
 * table, the column and the argument paths that may hold the value, named as the schema names them
 * (`options/limit`), so the next such bug is found from the log alone.
 */
import { sql, type Kysely } from 'kysely'
import { isCallersPgError, isPgError } from '../errors'
import { pointerToken, suspectPaths } from '../guards/input-guard'
import type { Registry } from './registry'

interface PgRefusal {
  code: string
  table?: string
  column?: string
  constraint?: string
  /** For a CHECK or NOT NULL refusal: "Failing row contains (...)". */
  detail?: string
}

export async function databaseRefusal(err: unknown, opName: unknown, rawArgs: unknown, registry: Registry, db: Kysely<any>): Promise<object> {
  if (!isPgError(err) || !/^[0-9A-Z]{5}$/.test(err.code) || isCallersPgError(err)) return {}
  const { code, table, constraint, detail } = err as PgRefusal
  const column = (err as PgRefusal).column ?? (await constraintColumns(db, table, constraint))
  const entry = typeof opName === 'string' ? registry.get(opName) : undefined
  const names = entry?.schema['x-argNames'] ?? []
  const args = Array.isArray(rawArgs) ? rawArgs : []
  const named = (paths: string[][]) => paths.flatMap((list, i) => list.map((path) => `${names[i] ?? `#${i}`}${path}`))
  // The refused row shows every value of it: the leaves named like the refused column come first.
  const inRow = args.map((value) => valuesInRow(value, detail))
  const ofColumn = inRow.map((list) => list.filter((path) => column && snakeCase(path.split('/').pop()!) === column))
  const suspects = args.map((value) => suspectPaths(value))
  const argumentPaths = [...new Set(named(ofColumn.some((l) => l.length) ? ofColumn : inRow).concat(named(suspects)))]
  return { sqlstate: code, table, column, constraint, argumentPaths }
}

/** A CHECK constraint names no column in the error: the columns it is declared over (the transaction is over, so any connection will do). */
async function constraintColumns(db: Kysely<any>, table: string | undefined, constraint: string | undefined): Promise<string | undefined> {
  if (!table || !constraint) return undefined
  try {
    const { rows } = await sql<{ column: string }>`
      select a.attname as column from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.conname = ${constraint} and c.conrelid = to_regclass(${table})`.execute(db)
    return rows.map((r) => r.column).join(', ') || undefined
  } catch {
    return undefined
  }
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Paths of the string leaves (4 characters or more) that appear in the refused row the error shows. */
function valuesInRow(value: unknown, detail: string | undefined): string[] {
  if (!detail?.startsWith('Failing row contains')) return []
  const found: string[] = []
  const walk = (v: unknown, path: string, depth: number) => {
    if (typeof v === 'string' && v.length >= 4 && detail.includes(v)) found.push(path)
    else if (typeof v === 'object' && v !== null && depth < 64 && found.length < 20)
      for (const [k, item] of Object.entries(v)) walk(item, `${path}/${pointerToken(k)}`, depth + 1)
  }
  walk(value, '', 0)
  return found
}
