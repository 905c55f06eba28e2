/**
 * The record kinds of an export archive (docs/export-format.md): one JSON Lines file per kind,
 * each line a row of one table as the database holds it. Listed in the order an import inserts
 * them (a row's references come before it).
 *
 * For a workspace the exporter owns, every row of the workspace is exported. For one they only
 * belong to, `visible` narrows each kind to what they may see: members and teams as isolatedTeams
 * lets them, the workflows they see and their activities, their own property values and insights,
 * the files they uploaded or that an exported activity lists; managers' records (invites, custom
 * roles, marketplace products) are left out.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Database } from '../db/schema'
import { seesPerson, seesTeam } from '../db/visibility'

/** What `visible` may refer to: the workspace, the exporter and the workflows they see. */
export interface Scope {
  cid: string
  uid: string
  processIds: string[]
}

export type OmitFlag =
  | 'omitFileContents'
  | 'omitMessages'
  | 'omitLogs'
  | 'omitProcessPrefix'
  | 'omitActivities'
  | 'omitEvents'
  | 'omitFeed'
  | 'omitFeedComment'
  | 'omitNotifications'
  | 'omitInvites'
  | 'omitInsights'
  | 'omitApps'

export interface Kind {
  /** The file name in the archive, `<name>.jsonl`. */
  name: string
  table: keyof Database
  /** The columns ordering the rows (the table's key): export pages through them. */
  key: string[]
  /** The column holding the workspace id. */
  workspace?: string
  /** The flag that skips this kind. */
  omit?: OmitFlag
  /** Credentials: never exported (written as null); an import makes new ones, or leaves them empty. */
  secrets?: Record<string, 'renew' | 'empty'>
  /** Rows never exported (SQL over the table's columns). */
  except?: RawBuilder<boolean>
  /** For a workspace the exporter does not own: which rows they may see (SQL over the table's columns); absent: none. */
  visible?: (s: Scope) => RawBuilder<boolean>
}

const processIn = (s: Scope, column = 'process_id') =>
  s.processIds.length ? sql<boolean>`${sql.ref(column)} in (${sql.join(s.processIds)})` : sql<boolean>`false`
// Columns are qualified by their table where the visibility rules nest subqueries of their own.
const activityOfVisible = (s: Scope, column: string) =>
  sql<boolean>`${sql.ref(column)} in (select a._id from activities a where a.cid = ${s.cid} and ${processIn(s, 'a.process_id')})`
const all = () => sql<boolean>`true`

export const KINDS: Kind[] = [
  { name: 'workspaces', table: 'workspaces', key: ['_id'], workspace: '_id', visible: all },
  { name: 'members', table: 'workspace_members', key: ['cid', 'uid'], visible: (s) => seesPerson(s.cid, s.uid, sql.ref('workspace_members.uid')) },
  { name: 'teams', table: 'teams', key: ['cid', '_id'], visible: (s) => seesTeam(s.cid, s.uid, sql.ref('teams._id')) },
  { name: 'teamMembers', table: 'team_members', key: ['cid', 'team_id', 'uid'], visible: (s) => seesTeam(s.cid, s.uid, sql.ref('team_members.team_id')) },
  { name: 'accounts', table: 'accounts', key: ['cid', '_id'], visible: (s) => seesTeam(s.cid, s.uid, sql.ref('accounts.team_id')) },
  { name: 'customRoles', table: 'custom_roles', key: ['cid', '_id'] },
  { name: 'invites', table: 'invites', key: ['cid', '_id'], omit: 'omitInvites', secrets: { invite_key: 'renew' } },
  { name: 'propertyFields', table: 'property_fields', key: ['cid', '_id'], visible: all },
  { name: 'propertyValues', table: 'property_values', key: ['cid', 'field_id', 'uid'], visible: (s) => sql<boolean>`uid = ${s.uid}` },
  { name: 'workflows', table: 'processes', key: ['cid', '_id'], visible: (s) => processIn(s, '_id') },
  { name: 'fields', table: 'process_fields', key: ['cid', 'process_id', '_id'], visible: (s) => processIn(s) },
  { name: 'workflowMembers', table: 'process_members', key: ['cid', 'process_id', 'member_id'], visible: (s) => processIn(s) },
  { name: 'stars', table: 'process_stars', key: ['cid', 'process_id', 'uid'], visible: (s) => sql<boolean>`uid = ${s.uid} and ${processIn(s)}` },
  { name: 'publicForms', table: 'public_forms', key: ['cid', 'process_id'], secrets: { key: 'renew' } },
  { name: 'products', table: 'products', key: ['cid', '_id'], omit: 'omitApps' },
  { name: 'productVersions', table: 'product_versions', key: ['cid', 'product_id', 'version'], omit: 'omitApps' },
  { name: 'productInstalls', table: 'product_installs', key: ['cid', 'product_id'], omit: 'omitApps' },
  {
    name: 'files',
    table: 'files',
    key: ['cid', '_id'],
    // Export archives are files of their exporter, not records of the workspace.
    except: sql<boolean>`exists (select 1 from transfer_jobs j where j.file_id = files._id)`,
    visible: (s) =>
      sql<boolean>`(uid = ${s.uid} or exists (select 1 from activities a where a.cid = ${s.cid} and ${processIn(s, 'a.process_id')} and a.files @> jsonb_build_array(files._id)))`,
  },
  { name: 'activities', table: 'activities', key: ['cid', '_id'], omit: 'omitActivities', visible: (s) => processIn(s) },
  { name: 'activityLinks', table: 'activity_links', key: ['cid', 'from_id', 'field_id', 'to_id'], omit: 'omitActivities', visible: (s) => activityOfVisible(s, 'from_id') },
  {
    name: 'discussionMembers',
    table: 'discussion_members',
    key: ['cid', 'discussion_id', 'uid'],
    omit: 'omitMessages',
    visible: (s) => sql<boolean>`discussion_id in (select a.discussion_id from activities a where a.cid = ${s.cid} and ${processIn(s, 'a.process_id')})`,
  },
  { name: 'history', table: 'activity_history', key: ['cid', '_id'], omit: 'omitLogs', visible: (s) => processIn(s) },
  { name: 'calendars', table: 'calendars', key: ['cid', '_id'], omit: 'omitEvents', secrets: { subscribe_hash: 'empty' }, visible: all },
  { name: 'events', table: 'calendar_events', key: ['cid', '_id'], omit: 'omitEvents', visible: all },
  { name: 'insights', table: 'insights', key: ['cid', '_id'], omit: 'omitInsights', secrets: { public_hash: 'empty' }, visible: (s) => sql<boolean>`uid = ${s.uid}` },
]

/** Kinds an activity-less export cannot keep consistent, beyond their own omit flag. */
export const needsActivities = new Set(['activityLinks', 'discussionMembers', 'history'])

/** The kinds an export with these flags writes. */
export function kindsFor(options: Partial<Record<OmitFlag, boolean>>): Kind[] {
  return KINDS.filter((k) => !(k.omit && options[k.omit]) && !(options.omitActivities && needsActivities.has(k.name)))
}
