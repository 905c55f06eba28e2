/**
 * The audit trail: the administrative acts of a workspace, one row each in `audit_log`
 * (migration 105), written in the transaction of the act itself. Every act the server records is
 * declared in AUDIT_KINDS below, with the kind of record it targets; docs/guides/audit.md lists them
 * (`npm run readme`). A command records an act with `audit` of server/domain/audit.ts, which takes
 * the actor, address and time from the call's context; only `appendAudit` writes the table, only
 * `pruneAudit` deletes from it, and nothing updates it (a trigger refuses it).
 */
import { sql, type Kysely } from 'kysely'
import { newId } from '../ids'
import type { Database, DbHandle } from './schema'

/** What an entry is about: the kind of record its target id names. */
export type AuditTarget =
  | 'member'
  | 'invite'
  | 'customRole'
  | 'team'
  | 'teamAccount'
  | 'workflow'
  | 'phase'
  | 'field'
  | 'apiKey'
  | 'workspace'
  | 'user'
  | 'job'
  | 'webhook'
  | 'automation'

interface KindDeclaration {
  target: AuditTarget
  /** What happened and which operations record it (Markdown, one sentence). */
  doc: string
}

/** Every act the audit trail records. A kind is fixed by the code that records it; callers never name one. */
export const AUDIT_KINDS = {
  'member.update': { target: 'member', doc: "A member's role, inviter or feed-admin flag, title or custom role changed (`company.set_user_data`)." },
  'member.remove': { target: 'member', doc: 'A member was removed from the workspace (`company.remove_user`).' },
  'member.leave': { target: 'member', doc: 'A member left the workspace (`company.leave`).' },
  'invite.create': { target: 'invite', doc: 'An invite was sent (`v2.network.invite.send`).' },
  'invite.update': { target: 'invite', doc: "An invite's teams, title or notes changed (`v2.network.invite.edit`)." },
  'invite.resend': { target: 'invite', doc: 'An invite was mailed again (`v2.network.invite.resend`).' },
  'invite.revoke': { target: 'invite', doc: 'An invite was withdrawn (`v2.network.invite.remove`).' },
  'invite.accept': {
    target: 'invite',
    doc: 'An invite was used and its person joined the workspace (`v2.user.invite.accept`, `v2.user.invite.register`); `after` is the new member.',
  },
  'role.create': { target: 'customRole', doc: 'A custom role was defined with its capabilities (`v2.network.role.create`).' },
  'role.update': { target: 'customRole', doc: "A custom role's name or capabilities changed (`v2.network.role.update`)." },
  'role.remove': { target: 'customRole', doc: 'A custom role was removed; its holders lost it (`v2.network.role.remove`).' },
  'team.create': { target: 'team', doc: 'A team was created (`company.new_team`).' },
  'team.update': { target: 'team', doc: "A team's name, description, visibility or default view changed (`company.set_team_data`)." },
  'team.members': { target: 'team', doc: "A team's members were set (`company.update_team_users`)." },
  'team.remove': { target: 'team', doc: 'A team was removed with its accounts (`company.remove_team`).' },
  'teamAccount.create': { target: 'teamAccount', doc: 'An account was added to a team (`company.new_account`).' },
  'teamAccount.update': { target: 'teamAccount', doc: "An account's name or color changed (`company.set_account_data`)." },
  'teamAccount.remove': { target: 'teamAccount', doc: 'An account was removed from its team (`company.remove_account`).' },
  'workflow.create': {
    target: 'workflow',
    doc: 'A workflow or dataset was created (`process.create`), or copied (`v2.process.copy`, `process.install_template`, `v2.network.product.install`, `v2.network.copy`: `after.copiedFrom` names the source).',
  },
  'workflow.update': {
    target: 'workflow',
    doc: "A workflow's settings changed (`process.set_info`; phases are entries of their own); `before` and `after` hold the settings given.",
  },
  'workflow.remove': { target: 'workflow', doc: 'A workflow was removed with its fields and members (`process.remove`).' },
  'workflow.member.add': { target: 'workflow', doc: 'A user, team or the whole workspace was listed as a member of a workflow (`v2.process.member.add`).' },
  'workflow.member.remove': { target: 'workflow', doc: "A member and its permissions left a workflow's list (`v2.process.member.remove`)." },
  'workflow.permissions': {
    target: 'workflow',
    doc: "A workflow member's permissions changed (`v2.process.permissions.grant`, `v2.process.permissions.deny`).",
  },
  'phase.create': { target: 'phase', doc: 'A phase was added to a workflow (`process.set_info` with `phases`).' },
  'phase.update': { target: 'phase', doc: "A phase's settings changed (`process.set_info` with `phases`)." },
  'phase.remove': { target: 'phase', doc: 'A phase was deleted (`process.set_info` with a phase given as null).' },
  'field.create': { target: 'field', doc: 'A field was added to a workflow (`process.create_field`).' },
  'field.update': { target: 'field', doc: "A field's definition changed (`process.update_field`)." },
  'field.remove': { target: 'field', doc: 'A field was removed from a workflow (`process.remove_field`).' },
  'apiKey.create': { target: 'apiKey', doc: 'An API key was made for the workspace (`v3.user.apikey.create`); never its secret.' },
  'apiKey.update': { target: 'apiKey', doc: "An API key's name or address whitelist changed (`v3.user.apikey.update`)." },
  'apiKey.revoke': { target: 'apiKey', doc: 'An API key was revoked (`v3.user.apikey.remove`).' },
  'workspace.update': {
    target: 'workspace',
    doc: 'Workspace settings changed: name, description, sign-in (`localauth`: password sign-in beside single sign-on), isolated teams and the others (`company.set_general_options`, `v2.network.update`, `v2.network.fastFunctions.set`).',
  },
  'license.set': { target: 'workspace', doc: "The workspace's license changed (`scripts/set-license.ts`, by a server administrator: no actor)." },
  'user.bot': { target: 'user', doc: 'A member was flagged as a bot or the flag cleared (`v3.user.setBot`); recorded in each workspace of the account.' },
  'user.remove': { target: 'user', doc: 'A member removed their account (`v3.user.remove`); recorded in each workspace they belonged to.' },
  'data.export': { target: 'job', doc: 'An export of the workspace was started (`v3.user.data.export`); recorded in each exported workspace.' },
  'data.import': {
    target: 'workspace',
    doc: "The workspace was made by an import, written in the import's transaction: `v3.user.data.import` (`after` names the job, the server and the workspace it came from) or `npm run import` (by a server administrator: no actor).",
  },
  'webhook.create': { target: 'webhook', doc: 'A webhook was made (`v3.webhook.create`); never its secret.' },
  'webhook.update': { target: 'webhook', doc: "A webhook's URL, events, workflows, description or enabled state changed (`v3.webhook.update`)." },
  'webhook.remove': { target: 'webhook', doc: 'A webhook was removed (`v3.webhook.remove`).' },
  'webhook.rotateSecret': { target: 'webhook', doc: 'A webhook was given a new signing secret (`v3.webhook.rotateSecret`); never the secret.' },
  'automation.create': { target: 'automation', doc: 'An automation was made on a workflow (`v3.automation.create`); never its secret.' },
  'automation.update': { target: 'automation', doc: "An automation's name, trigger, actions or enabled state changed (`v3.automation.update`)." },
  'automation.remove': { target: 'automation', doc: 'An automation was removed with its run log (`v3.automation.remove`).' },
  'webhook.redeliver': { target: 'webhook', doc: "A webhook's cursor was moved back to post events again (`v3.webhook.redeliver`); `after.fromSeq`." },
} as const satisfies Record<string, KindDeclaration>

export type AuditKind = keyof typeof AUDIT_KINDS

export const isAuditKind = (kind: string): kind is AuditKind => Object.hasOwn(AUDIT_KINDS, kind)

/** Who did it: a user, through an API key or not, from an address; all null for a server administrator's script. */
export interface AuditActor {
  uid: string | null
  apiKey: string | null
  address: string | null
}

/** A server administrator acting outside any session (scripts/set-license.ts, npm run import). */
export const SERVER_ADMINISTRATOR: AuditActor = { uid: null, apiKey: null, address: null }

export interface AuditEntry {
  cid: string
  kind: AuditKind
  actor: AuditActor
  targetId: string
  before?: unknown
  after?: unknown
}

/** Writes one entry, in `db`'s transaction; the time is now. */
export async function appendAudit(db: DbHandle, entry: AuditEntry): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))
  await db
    .insertInto('audit_log')
    .values({
      cid: entry.cid,
      ts: Date.now(),
      _id: newId(),
      kind: entry.kind,
      actor_uid: entry.actor.uid,
      actor_key: entry.actor.apiKey,
      address: entry.actor.address,
      target_kind: AUDIT_KINDS[entry.kind].target,
      target_id: entry.targetId,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute()
}

export interface AuditQuery {
  /** Entries after this one, in time order: its `ts`, and its `_id` to break a tie of times. */
  afterTs?: number
  afterId?: string
  actor?: string
  kind?: AuditKind
  limit: number
}

/** A page of a workspace's entries, oldest first. */
export function auditPage(db: DbHandle, cid: string, query: AuditQuery) {
  let select = db.selectFrom('audit_log').selectAll().where('cid', '=', cid)
  if (query.afterTs !== undefined) {
    const { afterTs, afterId } = query
    select = select.where((eb) => (afterId === undefined ? eb('ts', '>', afterTs) : eb(eb.refTuple('ts', '_id'), '>', eb.tuple(afterTs, afterId))))
  }
  if (query.actor !== undefined) select = select.where('actor_uid', '=', query.actor)
  if (query.kind !== undefined) select = select.where('kind', '=', query.kind)
  return select.orderBy('ts').orderBy('_id').limit(query.limit).execute()
}

export type AuditRow = Awaited<ReturnType<typeof auditPage>>[number]

/** Deletes entries older than the retention, in bounded batches (the event log's pruning timer runs it). */
export async function pruneAudit(db: Kysely<Database>, retentionMs: number, batch = 5000, maxBatches = 10): Promise<number> {
  let removed = 0
  for (let i = 0; i < maxBatches; i++) {
    const cutoff = Date.now() - retentionMs
    const gone = await sql`
      delete from audit_log where (cid, ts, _id) in (
        select cid, ts, _id from audit_log where ts < ${cutoff} order by ts limit ${batch}
      )`.execute(db)
    const n = Number(gone.numAffectedRows ?? 0)
    removed += n
    if (n < batch) break
  }
  return removed
}
