/**
 * Who may see, create in, edit and administer a workflow (process) and its activities. THE rule,
 * used by every process.* and v2.process.* operation and by the activities:
 *
 *   Only members of the workspace are considered; anyone else learns nothing (404).
 *   - Workspace owners and admins administer every workflow of the workspace.
 *   - The workflow's creator administers it.
 *   - A member listed with the `admin` permission (through user_<uid> or a team_<teamId> they are in)
 *     administers it. Guests never administer.
 *   - A workflow has member entries: network_<cid> (everyone of the workspace but guests),
 *     team_<teamId> (the team's members), user_<uid>, group_<groupId> (groups do not exist yet: such
 *     an entry lets nobody in). process.create lists network_<cid> with NEW_WORKFLOW_PERMISSIONS, so
 *     a new workflow is seen by every member, who edits what they added; removing that entry
 *     restricts it to the listed teams and users.
 *   - A guest sees a workflow only when it has `allowGuests` and lists them through user_ or team_.
 *   - Who administers sees. Who sees reads all the workflow's activities and creates new ones
 *     (a guest only when `enableGuestEditing` is on).
 *   - Editing activities, from the permissions of the entries that match the caller (all combine):
 *     `any` edits every activity, `ownteam` those whose team is one of the caller's teams, `own`
 *     those the caller created or owns. Administrators edit every activity. No permission: edit none.
 *     A guest edits only with `enableGuestEditing` on.
 *
 * The rule is pure (`processAccess`): its inputs are loaded once by `loadProcessAccess`.
 */
import { sql } from 'kysely'
import { actsIn, type Principal } from './principal'
import type { ProcessPermission, Role, DbHandle } from '../db/schema'
import { loadProcessesOf, processParts, processPartsOf, type MemberEntry, type ProcessParts, type ProcessRow } from '../db/processes'
import { forbidden, notFound } from '../errors'
import { runReusable } from '../db/reusable'

export const PROCESS_PERMISSIONS: ProcessPermission[] = ['admin', 'any', 'own', 'ownteam']

/** The roles that administer every workflow of their workspace. */
export const ADMINISTERS_EVERY_PROCESS: readonly Role[] = ['owner', 'admin']

/**
 * The permissions of the whole-workspace entry (network_<cid>) of a new workflow: every member
 * (guests aside) sees it, adds activities, and edits and moves the ones they added. Without `own`
 * a member could add a card and then not correct or move it. Widening (`any`, `ownteam`) or
 * narrowing it is one grant or deny on network_<cid>.
 */
export const NEW_WORKFLOW_PERMISSIONS: readonly ProcessPermission[] = ['own']

export interface ProcessEntry {
  member_id: string
  permissions: ProcessPermission[]
}

export interface ProcessFacts {
  cid: string
  uid: string
  allowGuests: boolean
  enableGuestEditing: boolean
}

export interface Caller {
  uid: string
  role: Role
  /** Team ids the caller belongs to in the workflow's workspace. */
  teams: string[]
}

export interface ProcessAccess {
  see: boolean
  administer: boolean
  /** May create activities. */
  create: boolean
  editAny: boolean
  editOwnTeam: boolean
  editOwn: boolean
  uid: string
  teams: string[]
}

/** The entries that speak of the caller. */
function matching(process: ProcessFacts, caller: Caller, entries: ProcessEntry[]): ProcessEntry[] {
  const guest = caller.role === 'guest'
  return entries.filter((e) => {
    if (e.member_id === `user_${caller.uid}`) return true
    if (e.member_id.startsWith('team_')) return caller.teams.includes(e.member_id.slice(5))
    if (e.member_id === `network_${process.cid}`) return !guest
    return false
  })
}

export function processAccess(process: ProcessFacts, caller: Caller | null, entries: ProcessEntry[]): ProcessAccess {
  const none: ProcessAccess = {
    see: false,
    administer: false,
    create: false,
    editAny: false,
    editOwnTeam: false,
    editOwn: false,
    uid: caller?.uid ?? '',
    teams: [],
  }
  if (!caller) return none
  const guest = caller.role === 'guest'
  const mine = matching(process, caller, entries)
  const held = new Set(mine.flatMap((e) => e.permissions))
  const administer = !guest && (ADMINISTERS_EVERY_PROCESS.includes(caller.role) || process.uid === caller.uid || held.has('admin'))
  const see = administer || (guest ? process.allowGuests && mine.length > 0 : mine.length > 0)
  if (!see) return none
  const mayWrite = !guest || process.enableGuestEditing
  return {
    see,
    administer,
    create: mayWrite,
    editAny: mayWrite && (administer || held.has('any')),
    editOwnTeam: mayWrite && held.has('ownteam'),
    editOwn: mayWrite && held.has('own'),
    uid: caller.uid,
    teams: caller.teams,
  }
}

export const canSeeProcess = (access: ProcessAccess) => access.see
export const canAdministerProcess = (access: ProcessAccess) => access.administer
export const canCreateActivity = (access: ProcessAccess) => access.create

/** What the caller may do to one activity of the workflow: `owners` are its creator and owner, `team` its team. */
export function activityAccess(access: ProcessAccess, activity: { owners: string[]; team?: string | null }): { read: boolean; edit: boolean } {
  if (!access.see) return { read: false, edit: false }
  const edit =
    access.editAny ||
    (access.editOwn && activity.owners.includes(access.uid)) ||
    (access.editOwnTeam && !!activity.team && access.teams.includes(activity.team))
  return { read: true, edit }
}

/**
 * The workflow `processId` of a workspace the caller belongs to, with the caller's access.
 * 404 when there is none or the caller may not see it.
 *
 * `lock: true` (every call that changes the workflow's configuration, members or fields): the
 * workflow's row is locked for the rest of the transaction before anything is read, so concurrent
 * changes of one workflow run one after the other and each starts from the other's result.
 */
export async function loadProcessAccess(
  db: DbHandle,
  caller: Principal,
  processId: string,
  options: { lock?: boolean; partsFor?: string } = {},
): Promise<{ process: ProcessRow; access: ProcessAccess; members: MemberEntry[]; parts?: ProcessParts }> {
  // The workflow, if it is in a workspace the caller belongs to (the values come in as slots: db/reusable.ts).
  const mine = ({ uid, processId }: { uid: string; processId: string }) =>
    db
      .selectFrom('processes as p')
      .innerJoin('workspace_members as m', (j) => j.onRef('m.cid', '=', 'p.cid').on('m.uid', '=', uid))
      .where('p._id', '=', processId)
  // Locked first, then read: what the read sees includes whatever the transaction that held the
  // lock wrote (members, teams), which one statement's snapshot taken before the wait would not.
  if (options.lock) await runReusable(db, 'loadProcessAccess lock', { uid: caller.uid, processId }, (slots) => mine(slots).select('p._id').forUpdate('p'))
  // One statement: the workflow, the caller's role, the caller's teams and the workflow's member
  // entries; with `partsFor`, what its process object adds for that viewer (db/processes.ts).
  const { partsFor } = options
  const [read] = await runReusable(
    db,
    `loadProcessAccess parts=${partsFor !== undefined}`,
    { uid: caller.uid, processId, ...(partsFor !== undefined && { viewer: partsFor }) },
    ({ viewer, ...slots }) =>
      mine(slots)
        .selectAll('p')
        .select(ACCESS_FACTS)
        .$if(viewer !== undefined, (q) => q.select(processPartsOf(db, viewer!))),
  )
  if (!read) throw notFound('process')
  const { fields, publicForm, starred, ...row } = read
  const seen = seenProcess(caller, row)
  if (!seen) throw notFound('process')
  return partsFor === undefined ? seen : { ...seen, parts: processParts({ fields: fields!, publicForm: publicForm ?? null, starred: starred! }) }
}

/**
 * What the rule needs to know of the caller besides the workflow's row, selected beside it by any
 * statement that joins the workflow as `p` and the caller's membership of its workspace as `m`
 * (loadProcessAccess; loadActivities, server/domain/activities/access.ts): the caller's role, the
 * caller's teams and the workflow's member entries.
 */
export const ACCESS_FACTS = [
  sql<Role>`m.role`.as('role'),
  sql<string[]>`coalesce((select json_agg(t.team_id) from team_members t where t.cid = p.cid and t.uid = m.uid), '[]')`.as('caller_teams'),
  sql<{ member_id: string; permissions: ProcessPermission[] }[]>`coalesce((
        select json_agg(json_build_object('member_id', e.member_id, 'permissions', e.permissions) order by e.created, e.member_id)
        from process_members e where e.cid = p.cid and e.process_id = p._id), '[]')`.as('member_entries'),
]

/** The workflow with the caller's access and its member entries, when the caller sees it (else null): a row of the workflow with ACCESS_FACTS. */
export function seenProcess(
  caller: Principal,
  row: ProcessRow & { role: Role; caller_teams: string[]; member_entries: { member_id: string; permissions: ProcessPermission[] }[] },
): { process: ProcessRow; access: ProcessAccess; members: MemberEntry[] } | null {
  const { role, caller_teams, member_entries, ...process } = row
  if (!actsIn(caller, process.cid)) return null
  const access = processAccess(processFacts(process), { uid: caller.uid, role, teams: caller_teams }, member_entries)
  if (!access.see) return null
  return { process, access, members: member_entries.map((e) => ({ id: e.member_id, permissions: e.permissions })) }
}

/** The workflows of workspace `cid` the caller may see, oldest first, each with the caller's access. */
export async function visibleProcessesOf(
  db: DbHandle,
  cid: string,
  caller: { uid: string; role: Role },
): Promise<{ process: ProcessRow; access: ProcessAccess }[]> {
  const processes = await loadProcessesOf(db, cid)
  const access = await accessToAll(db, cid, caller, processes)
  return processes.flatMap((process) => {
    const a = access.get(process._id)!
    return a.see ? [{ process, access: a }] : []
  })
}

/** The caller's access to every given workflow of one workspace (for lists). */
export async function accessToAll(
  db: DbHandle,
  cid: string,
  caller: { uid: string; role: Role },
  processes: ProcessRow[],
): Promise<Map<string, ProcessAccess>> {
  const result = new Map<string, ProcessAccess>()
  if (!processes.length) return result
  const teams = await teamsOf(db, cid, caller.uid)
  const entries = await db
    .selectFrom('process_members')
    .select(['process_id', 'member_id', 'permissions'])
    .where('cid', '=', cid)
    .where(
      'process_id',
      'in',
      processes.map((p) => p._id),
    )
    .execute()
  for (const p of processes) {
    const mine = entries.filter((e) => e.process_id === p._id)
    result.set(p._id, processAccess(processFacts(p), { ...caller, teams }, mine))
  }
  return result
}

export function processFacts(p: ProcessRow): ProcessFacts {
  return { cid: p.cid, uid: p.uid, allowGuests: p.info.allowGuests === true, enableGuestEditing: p.info.enableGuestEditing === true }
}

/** The members of the workflow's workspace who may see it now. */
export async function processViewers(db: DbHandle, process: ProcessRow): Promise<string[]> {
  const [members, entries, teamRows] = await Promise.all([
    db.selectFrom('workspace_members').select(['uid', 'role']).where('cid', '=', process.cid).execute(),
    db.selectFrom('process_members').select(['member_id', 'permissions']).where('cid', '=', process.cid).where('process_id', '=', process._id).execute(),
    db.selectFrom('team_members').select(['uid', 'team_id']).where('cid', '=', process.cid).execute(),
  ])
  const teams = new Map<string, string[]>()
  for (const row of teamRows) teams.set(row.uid, [...(teams.get(row.uid) ?? []), row.team_id])
  const facts = processFacts(process)
  return members.filter((m) => processAccess(facts, { uid: m.uid, role: m.role, teams: teams.get(m.uid) ?? [] }, entries).see).map((m) => m.uid)
}

async function teamsOf(db: DbHandle, cid: string, uid: string): Promise<string[]> {
  const rows = await db.selectFrom('team_members').select('team_id').where('cid', '=', cid).where('uid', '=', uid).execute()
  return rows.map((r) => r.team_id)
}

/** 403 unless the caller administers the workflow (they already see it). */
export function requireAdminister(access: ProcessAccess, what: string): void {
  if (!access.administer) throw forbidden(`you may not ${what} of this workflow`, { needs: 'admin' })
}
