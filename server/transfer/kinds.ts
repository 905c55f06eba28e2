/**
 * The record kinds of an export archive (docs/reference/export-format.md): one JSON Lines file per kind,
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
import { postVisibleTo } from '../db/wall'

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
  /** Text columns that name records by id inside a sentence (an error message): an import rewrites the ids it has mapped. */
  idsInText?: string[]
  /** Rows never exported (SQL over the table's columns). */
  except?: RawBuilder<boolean>
  /** For a workspace the exporter does not own: which rows they may see (SQL over the table's columns); absent: none. */
  visible?: (s: Scope) => RawBuilder<boolean>
  /**
   * The rows are a person's own reading state (`uid` names them), not something they made: an
   * import keeps only the importer's own rows. Another person's unread counts are not the
   * importer's, and two people's rows would meet on one key (who they are is the key).
   */
  ownState?: true
}

const processIn = (s: Scope, column = 'process_id') =>
  s.processIds.length ? sql<boolean>`${sql.ref(column)} in (${sql.join(s.processIds)})` : sql<boolean>`false`
// Columns are qualified by their table where the visibility rules nest subqueries of their own.
const activityOfVisible = (s: Scope, column: string) =>
  sql<boolean>`${sql.ref(column)} in (select a._id from activities a where a.cid = ${s.cid} and ${processIn(s, 'a.process_id')})`
const all = () => sql<boolean>`true`
const own = (s: Scope) => sql<boolean>`uid = ${s.uid}`
/** The wall's own rule (db/wall.ts) of who sees a post. */
const postSeenBy = (s: Scope, column: string) =>
  sql<boolean>`exists (select 1 from wall_posts p where p.cid = ${s.cid} and p._id = ${sql.ref(column)} and ${postVisibleTo(s.uid)})`

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
  {
    name: 'activityLinks',
    table: 'activity_links',
    key: ['cid', 'from_id', 'field_id', 'to_id'],
    omit: 'omitActivities',
    visible: (s) => activityOfVisible(s, 'from_id'),
  },
  // Function values in error or waiting in the queue (the value itself is in the activity's fields).
  {
    name: 'functionState',
    table: 'function_state',
    key: ['cid', 'activity_id', 'field_key'],
    omit: 'omitActivities',
    // "Circular reference: Teams.Level(<activity id>) → …"
    idsInText: ['error'],
    visible: (s) => activityOfVisible(s, 'function_state.activity_id'),
  },
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
  {
    name: 'insights',
    table: 'insights',
    key: ['cid', '_id'],
    omit: 'omitInsights',
    secrets: { public_hash: 'empty' },
    visible: (s) => sql<boolean>`uid = ${s.uid}`,
  },
  { name: 'wallPosts', table: 'wall_posts', key: ['cid', '_id'], omit: 'omitFeed', visible: (s) => postSeenBy(s, 'wall_posts._id') },
  { name: 'wallAudience', table: 'wall_audience', key: ['cid', 'post_id', 'uid'], omit: 'omitFeed', visible: own },
  { name: 'wallLikes', table: 'wall_likes', key: ['cid', 'post_id', 'uid'], omit: 'omitFeed', visible: own },
  { name: 'wallFollowers', table: 'wall_followers', key: ['cid', 'post_id', 'uid'], omit: 'omitFeed', visible: own },
  { name: 'wallComments', table: 'wall_comments', key: ['cid', '_id'], omit: 'omitFeedComment', visible: (s) => postSeenBy(s, 'wall_comments.post_id') },
  { name: 'wallUnread', table: 'wall_unread', key: ['cid', 'uid', 'type'], omit: 'omitNotifications', visible: own, ownState: true },
  { name: 'wallSeen', table: 'wall_seen', key: ['cid', 'uid'], omit: 'omitNotifications', visible: own, ownState: true },
]

/** Kinds that cannot stand without another kind, beyond their own omit flag. */
const NEEDS: Partial<Record<OmitFlag, string[]>> = {
  omitActivities: ['activityLinks', 'functionState', 'discussionMembers', 'history'],
  omitFeed: ['wallComments'],
}

/** The kinds an export with these flags writes. */
export function kindsFor(options: Partial<Record<OmitFlag, boolean>>): Kind[] {
  const dropped = new Set(Object.entries(NEEDS).flatMap(([flag, kinds]) => (options[flag as OmitFlag] ? kinds : [])))
  return KINDS.filter((k) => !(k.omit && options[k.omit]) && !dropped.has(k.name))
}
