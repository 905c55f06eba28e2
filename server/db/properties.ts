/** User property fields of a workspace and their values (one value per field and member). */
import { newId } from '../ids'
import type { Selectable } from 'kysely'
import type { DbHandle, PropertyFieldsTable, PropertyFieldType } from './schema'

export type FilledBy = PropertyFieldsTable['filled_by']

/** A stored value: one string, or a list of strings when the field takes multiple values. */
export type PropertyValue = string | string[]

export interface FieldDefinition {
  label: string
  type: PropertyFieldType
  filledBy: FilledBy
  enableMultiple: boolean
  /** The options of an optionlist field; null for other types. */
  data: string[] | null
}

/** The company property field record. */
export interface FieldRecord extends FieldDefinition {
  _id: string
  uid: string
  created: number
  updated?: number
}

type FieldRow = Omit<Selectable<PropertyFieldsTable>, 'cid'>

export const fieldRecord = (row: FieldRow): FieldRecord => ({
  _id: row._id,
  label: row.label,
  type: row.type,
  filledBy: row.filled_by,
  enableMultiple: row.enable_multiple,
  data: Array.isArray(row.data) ? (row.data as string[]) : null,
  uid: row.uid,
  created: row.created,
  ...(row.updated !== null && { updated: row.updated }),
})

export async function insertField(db: DbHandle, cid: string, uid: string, def: FieldDefinition): Promise<FieldRecord> {
  const row = await db
    .insertInto('property_fields')
    .values({
      cid,
      _id: newId(),
      label: def.label,
      type: def.type,
      filled_by: def.filledBy,
      enable_multiple: def.enableMultiple,
      data: def.data ? JSON.stringify(def.data) : null,
      uid,
      created: Date.now(),
      updated: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return fieldRecord(row)
}

/**
 * `lock`: 'update' before the definition changes (its values are rewritten to fit), 'share' before a
 * value is written, so a value is never checked against a definition that is being replaced.
 */
export async function findField(db: DbHandle, cid: string, fieldId: string, options: { lock?: 'update' | 'share' } = {}): Promise<FieldRecord | null> {
  let query = db.selectFrom('property_fields').selectAll().where('cid', '=', cid).where('_id', '=', fieldId)
  if (options.lock === 'update') query = query.forUpdate()
  if (options.lock === 'share') query = query.forShare()
  const row = await query.executeTakeFirst()
  return row ? fieldRecord(row) : null
}

/** The workspace's property fields, oldest first: read alone (listFields) or inside a larger read (loadWorkspace). */
export const fieldsQuery = (db: DbHandle, cid: string) => db.selectFrom('property_fields').selectAll().where('cid', '=', cid).orderBy('created').orderBy('_id')

export async function listFields(db: DbHandle, cid: string): Promise<FieldRecord[]> {
  return (await fieldsQuery(db, cid).execute()).map(fieldRecord)
}

export async function updateField(db: DbHandle, cid: string, fieldId: string, def: FieldDefinition): Promise<FieldRecord> {
  const row = await db
    .updateTable('property_fields')
    .set({
      label: def.label,
      type: def.type,
      filled_by: def.filledBy,
      enable_multiple: def.enableMultiple,
      data: def.data ? JSON.stringify(def.data) : null,
      updated: Date.now(),
    })
    .where('cid', '=', cid)
    .where('_id', '=', fieldId)
    .returningAll()
    .executeTakeFirstOrThrow()
  return fieldRecord(row)
}

/** Its values go with it (foreign key cascade). */
export async function deleteField(db: DbHandle, cid: string, fieldId: string) {
  await db.deleteFrom('property_fields').where('cid', '=', cid).where('_id', '=', fieldId).execute()
}

/** The field's values held by current members of the workspace. */
export async function fieldValues(db: DbHandle, cid: string, fieldId: string): Promise<{ uid: string; value: PropertyValue }[]> {
  const rows = await db
    .selectFrom('property_values as v')
    .innerJoin('workspace_members as m', (j) => j.onRef('m.cid', '=', 'v.cid').onRef('m.uid', '=', 'v.uid'))
    .select(['v.uid', 'v.value'])
    .where('v.cid', '=', cid)
    .where('v.field_id', '=', fieldId)
    .execute()
  return rows.map((r) => ({ uid: r.uid, value: r.value as PropertyValue }))
}

/** Drops the field's values left by people who are no longer members of the workspace. */
export async function dropFormerMembersValues(db: DbHandle, cid: string, fieldId: string) {
  await db
    .deleteFrom('property_values as v')
    .where('v.cid', '=', cid)
    .where('v.field_id', '=', fieldId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('workspace_members as m').select('m.uid').whereRef('m.cid', '=', 'v.cid').whereRef('m.uid', '=', 'v.uid'))),
    )
    .execute()
}

/** Stores the member's value of the field; null removes it. */
export async function setValue(db: DbHandle, cid: string, fieldId: string, uid: string, value: PropertyValue | null) {
  if (value === null) {
    await db.deleteFrom('property_values').where('cid', '=', cid).where('field_id', '=', fieldId).where('uid', '=', uid).execute()
    return
  }
  const json = JSON.stringify(value)
  const updated = Date.now()
  await db
    .insertInto('property_values')
    .values({ cid, field_id: fieldId, uid, value: json, updated })
    .onConflict((oc) => oc.columns(['cid', 'field_id', 'uid']).doUpdateSet({ value: json, updated }))
    .execute()
}

/** A removed team leaves the values of `team` fields: a single value is removed, a list loses the id. */
export async function clearTeamValues(db: DbHandle, cid: string, teamId: string) {
  const rows = await db
    .selectFrom('property_values as v')
    .innerJoin('property_fields as f', (j) => j.onRef('f.cid', '=', 'v.cid').onRef('f._id', '=', 'v.field_id'))
    .select(['v.field_id', 'v.uid', 'v.value'])
    .where('v.cid', '=', cid)
    .where('f.type', '=', 'team')
    .forUpdate('v')
    .execute()
  for (const r of rows) {
    const value = r.value as PropertyValue
    if (Array.isArray(value)) {
      if (!value.includes(teamId)) continue
      const rest = value.filter((t) => t !== teamId)
      await setValue(db, cid, r.field_id, r.uid, rest.length ? rest : null)
    } else if (value === teamId) {
      await setValue(db, cid, r.field_id, r.uid, null)
    }
  }
}
