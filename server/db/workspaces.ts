/** Workspaces and their members. */
import { sql, type InferResult } from 'kysely'
import { seesPerson } from './visibility'
import { newId } from '../ids'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import { fieldRecord, fieldsQuery, type PropertyValue } from './properties'
import type { Role, DbHandle } from './schema'
import { runReusable } from './reusable'

/** The license a new workspace gets (see docs/guides/workspaces-and-roles.md); a server administrator can change it. */
export const DEFAULT_LICENSE = {
  type: 'free',
  users: 50,
  processes: 100,
  datasets: 100,
  activities: 1_000_000,
  calendars: 50,
  modules: 50,
  functionFields: true,
  indexedData: true,
}

export async function memberWorkspaceIds(db: DbHandle, uid: string): Promise<string[]> {
  const rows = await db.selectFrom('workspace_members').select('cid').where('uid', '=', uid).execute()
  return rows.map((r) => r.cid)
}

export async function membership(db: DbHandle, cid: string, uid: string): Promise<Role | null> {
  const row = await db.selectFrom('workspace_members').select('role').where('cid', '=', cid).where('uid', '=', uid).executeTakeFirst()
  return row?.role ?? null
}

export async function createWorkspace(db: DbHandle, name: string, ownerUid: string) {
  const now = Date.now()
  const workspace = { _id: newId(), name, uid: ownerUid, created: now, updated: null }
  await db
    .insertInto('workspaces')
    .values({ ...workspace, settings: '{}', license: JSON.stringify({ ...DEFAULT_LICENSE, activated: now }) })
    .execute()
  await db.insertInto('workspace_members').values({ cid: workspace._id, uid: ownerUid, role: 'owner', created: now }).execute()
  return workspace
}

/**
 * A user's membership of a workspace with the permissions their custom role stores, if any: what
 * policies/roles.ts makes a Member of. A query of its own (findMember) or a subquery read beside
 * other data (loadWorkspace), so a read can check its caller in its own statement.
 */
export function membershipQuery(db: DbHandle, cid: string, uid: string) {
  return db
    .selectFrom('workspace_members as mm')
    .leftJoin('custom_roles as cr', (j) => j.onRef('cr.cid', '=', 'mm.cid').onRef('cr._id', '=', 'mm.custom_role'))
    .select(['mm.role', 'mm.inviter', 'mm.feed_admin', 'mm.title', 'mm.custom_role', 'cr.permissions as custom_permissions'])
    .where('mm.cid', '=', cid)
    .where('mm.uid', '=', uid)
}

export type MembershipRow = InferResult<ReturnType<typeof membershipQuery>>[number]

/**
 * What the workspace object of v2.network.get is made of (server/presenters/workspace.ts): the
 * workspace's row, its members each with `properties` (their user property values, fieldId ->
 * value), and its property fields. With `viewerUid`, the members are the ones that viewer may see
 * (isolatedTeams, server/db/visibility.ts), and `viewer` is that user's own membership (null when
 * they are not a member); without it, all members.
 */
export async function loadWorkspace(db: DbHandle, cid: string, viewerUid?: string) {
  // One statement: the workspace's row, its members (role, flags, title, custom role) each with their
  // property values (one scan of the workspace's values, grouped per member) and its property fields,
  // the last two as JSON arrays (their columns are text, booleans, numbers and JSON, which JSON carries as they are).
  const build = ({ cid, viewerUid }: { cid: string; viewerUid?: string }) => {
    const values = db
      .selectFrom('property_values')
      .select(['uid', sql<Record<string, PropertyValue>>`jsonb_object_agg(field_id, value)`.as('properties')])
      .where('cid', '=', cid)
      .groupBy('uid')
      .as('p')
    let members = db
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u._id', 'm.uid')
      .leftJoin(values, 'p.uid', 'm.uid')
      .select([
        'm.uid',
        'm.role',
        'm.inviter',
        'm.feed_admin as feedAdmin',
        'm.title',
        'm.custom_role as customRole',
        'm.created',
        'u.firstname',
        'u.lastname',
        'u.email',
      ])
      .select(sql<Record<string, PropertyValue>>`coalesce(p.properties, '{}')`.as('properties'))
      .where('m.cid', '=', cid)
    if (viewerUid) members = members.where(seesPerson(sql.ref('m.cid'), viewerUid, sql.ref('m.uid')))
    return db
      .selectFrom('workspaces')
      .selectAll()
      .select([jsonArrayFrom(members.orderBy('m.created').orderBy('m.uid')).as('members'), jsonArrayFrom(fieldsQuery(db, cid)).as('property_fields')])
      .$if(!!viewerUid, (q) => q.select(jsonObjectFrom(membershipQuery(db, cid, viewerUid!)).as('viewer')))
      .where('_id', '=', cid)
  }
  // Built once per shape, the values in slots (reusable.ts).
  const [row] = await runReusable(db, `loadWorkspace viewer=${!!viewerUid}`, { cid, ...(viewerUid && { viewerUid }) }, build)
  if (!row) return null
  const { members: rows, property_fields, viewer, ...workspace } = row
  return { workspace, members: rows, fields: property_fields.map(fieldRecord), viewer: viewer ?? null }
}

/** The workspace's row, locked for the rest of the transaction: the caller changes it from what it read. */
export async function lockWorkspace(db: DbHandle, cid: string) {
  return db.selectFrom('workspaces').selectAll().where('_id', '=', cid).forUpdate().executeTakeFirstOrThrow()
}

/** Merges `settings` key by key in one statement, so settings changed at the same time by others are kept. */
export async function updateWorkspaceSettings(db: DbHandle, cid: string, name: string | undefined, settings: Record<string, unknown>) {
  await db
    .updateTable('workspaces')
    .set({
      ...(name !== undefined && { name }),
      settings: sql`settings || ${JSON.stringify(settings)}::jsonb`,
      updated: Date.now(),
    })
    .where('_id', '=', cid)
    .execute()
}
