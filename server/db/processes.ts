/** Workflows and datasets, their fields, members and stars. Every query is bounded by `cid`. */
import { sql, type Selectable } from 'kysely'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import { publicFormQuery } from './public-forms'
import type { DbHandle, ProcessesTable, ProcessFieldType, ProcessPermission, ProcessFieldsTable, PublicFormsTable } from './schema'
import type { ValueOrColumn } from './rows'

type FieldsRow = Selectable<ProcessFieldsTable>
type PublicFormRow = Selectable<PublicFormsTable>

/** A workflow or dataset as its row is read. */
export type ProcessRow = Selectable<ProcessesTable>

export interface FieldRecord {
  _id: string
  type: ProcessFieldType
  label: string
  uid: string
  created: number
  updated?: number
  [property: string]: unknown
}

/** The workflow's fields, oldest first: read alone (loadFields) or inside a larger read (loadProcessParts). */
const fieldsQuery = (db: DbHandle, cid: ValueOrColumn, processId: ValueOrColumn) =>
  db.selectFrom('process_fields').selectAll().where('cid', '=', cid).where('process_id', '=', processId).orderBy('created').orderBy('_id')

export async function loadFields(db: DbHandle, cid: string, processId: string): Promise<FieldRecord[]> {
  return (await fieldsQuery(db, cid, processId).execute()).map(fieldRecord)
}

/** The workflow's fields by id (for checking values against them). */
export async function loadFieldsById(db: DbHandle, cid: string, processId: string): Promise<Map<string, FieldRecord>> {
  return new Map((await loadFields(db, cid, processId)).map((f) => [f._id, f]))
}

export async function loadField(db: DbHandle, cid: string, processId: string, fieldId: string): Promise<FieldRecord | null> {
  const row = await db
    .selectFrom('process_fields')
    .selectAll()
    .where('cid', '=', cid)
    .where('process_id', '=', processId)
    .where('_id', '=', fieldId)
    .executeTakeFirst()
  return row ? fieldRecord(row) : null
}

function fieldRecord(row: {
  _id: string
  type: ProcessFieldType
  descriptor: Record<string, unknown>
  uid: string
  created: number
  updated: number | null
}): FieldRecord {
  const record: FieldRecord = { ...(row.descriptor as { label: string }), _id: row._id, type: row.type, uid: row.uid, created: row.created }
  if (row.updated !== null) record.updated = row.updated
  return record
}

export async function loadProcessesOf(db: DbHandle, cid: string): Promise<ProcessRow[]> {
  return db.selectFrom('processes').selectAll().where('cid', '=', cid).orderBy('created').orderBy('_id').execute()
}

/** Ids among `ids` that are not processes of `cid`. */
export async function unknownProcesses(db: DbHandle, cid: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  const rows = await db.selectFrom('processes').select('_id').where('cid', '=', cid).where('_id', 'in', ids).execute()
  const found = new Set(rows.map((r) => r._id))
  return ids.filter((id) => !found.has(id))
}

/** A type rather than an interface: only a type fits the open objects of the Process record's `members`. */
export type MemberEntry = {
  id: string
  permissions: ProcessPermission[]
}

export async function loadMemberEntries(db: DbHandle, cid: string, processId: string): Promise<MemberEntry[]> {
  const rows = await db
    .selectFrom('process_members')
    .select(['member_id', 'permissions'])
    .where('cid', '=', cid)
    .where('process_id', '=', processId)
    .orderBy('created')
    .orderBy('member_id')
    .execute()
  return rows.map((r) => ({ id: r.member_id, permissions: r.permissions }))
}

const starQuery = (db: DbHandle, cid: ValueOrColumn, processId: ValueOrColumn, uid: string) =>
  db.selectFrom('process_stars').select('uid').where('cid', '=', cid).where('process_id', '=', processId).where('uid', '=', uid)

export async function isStarred(db: DbHandle, cid: string, processId: string, uid: string): Promise<boolean> {
  return !!(await starQuery(db, cid, processId, uid).executeTakeFirst())
}

/**
 * What the process object adds to the workflow's row (server/presenters/process.ts): its fields, its
 * public form (or null) and whether `viewer` starred it, as JSON columns of one statement: alone
 * (loadProcessParts) or beside the workflow's row as `p` (`processPartsOf`, loadProcessAccess). The
 * rows come as JSON, whose text, booleans, numbers and JSON are the values their columns hold.
 */
const processPartsColumns = (db: DbHandle, cid: ValueOrColumn, processId: ValueOrColumn, viewer: string) =>
  [
    jsonArrayFrom(fieldsQuery(db, cid, processId)).as('fields'),
    jsonObjectFrom(publicFormQuery(db, cid, processId)).as('publicForm'),
    sql<boolean>`exists(${starQuery(db, cid, processId, viewer)})`.as('starred'),
  ] as const

/** The parts as columns of a query that reads the workflow as `p`. */
export const processPartsOf = (db: DbHandle, viewer: string) => processPartsColumns(db, sql.ref('p.cid'), sql.ref('p._id'), viewer)

export type ProcessParts = ReturnType<typeof processParts>

/** The parts from the columns read. */
export const processParts = (row: { fields: FieldsRow[]; publicForm: PublicFormRow | null; starred: boolean }) => ({
  fields: row.fields.map(fieldRecord),
  publicForm: row.publicForm,
  starred: row.starred,
})

export async function loadProcessParts(db: DbHandle, cid: string, processId: string, viewer: string): Promise<ProcessParts> {
  return processParts(await db.selectNoFrom(processPartsColumns(db, cid, processId, viewer)).executeTakeFirstOrThrow())
}
