/**
 * License quotas, enforced where things are created: over the quota -> 422 whose details name the
 * quota and its limit. Each quota has a counter of what it limits; features that create processes,
 * activities or calendars add theirs to `counters`.
 *
 * A workspace's license is a JSON object (docs/reference/interface.md "Workspace license"); a new workspace
 * gets DEFAULT_LICENSE (server/db/workspaces.ts) and a server administrator changes it with
 * scripts/set-license.ts, which calls `setLicense` below. A number is a limit; a quota the license
 * does not name as a number is unlimited.
 */
import type { DbHandle } from '../db/schema'
import { appendAudit, SERVER_ADMINISTRATOR } from '../db/audit'
import { notFound, refused } from '../errors'

export const QUOTAS = ['users', 'processes', 'datasets', 'activities', 'calendars', 'modules'] as const
export type Quota = (typeof QUOTAS)[number]

/** License switches that turn a feature on or off. */
export const FEATURES = ['functionFields', 'indexedData'] as const
export type Feature = (typeof FEATURES)[number]

type Counter = (db: DbHandle, cid: string) => Promise<number>

/** Members plus pending invites count toward `users`, so invites cannot overshoot the license. */
const counters: Partial<Record<Quota, Counter>> = {
  async users(db, cid) {
    const members = await db
      .selectFrom('workspace_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cid', '=', cid)
      .executeTakeFirstOrThrow()
    const invites = await db
      .selectFrom('invites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cid', '=', cid)
      .executeTakeFirstOrThrow()
    return Number(members.n) + Number(invites.n)
  },
  /** Workflows: processes without enableUnlinkedMode. */
  processes: (db, cid) => countProcesses(db, cid, false),
  /** Datasets: processes with enableUnlinkedMode. */
  datasets: (db, cid) => countProcesses(db, cid, true),
  /** Active (not removed) activities: the sum of the per-phase counts, so it stays cheap at any size. */
  async activities(db, cid) {
    const row = await db
      .selectFrom('activity_phase_counts')
      .select((eb) => eb.fn.sum<string | null>('count').as('n'))
      .where('cid', '=', cid)
      .executeTakeFirstOrThrow()
    return Number(row.n ?? 0)
  },
  /** Calendars (server/db/calendars.ts). */
  async calendars(db, cid) {
    const row = await db
      .selectFrom('calendars')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cid', '=', cid)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  },
}

async function countProcesses(db: DbHandle, cid: string, dataset: boolean): Promise<number> {
  const row = await db
    .selectFrom('processes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cid', '=', cid)
    .where('dataset', '=', dataset)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function loadLicense(db: DbHandle, cid: string): Promise<Record<string, unknown>> {
  const ws = await db.selectFrom('workspaces').select('license').where('_id', '=', cid).executeTakeFirst()
  if (!ws) throw notFound('workspace')
  return ws.license ?? {}
}

/**
 * Throws 422 when adding `adding` more would exceed the workspace license's limit for `quota`.
 * The workspace row is locked for the rest of the transaction, so two creations racing in one
 * workspace are counted one after the other.
 */
export async function enforceQuota(db: DbHandle, cid: string, quota: Quota, adding = 1): Promise<void> {
  const counter = counters[quota]
  if (!counter) throw new Error(`no counter for the ${quota} quota`)
  // No key update: an insert elsewhere that refers to the workspace (a foreign key) is not held up.
  const ws = await db.selectFrom('workspaces').select('license').where('_id', '=', cid).forNoKeyUpdate().executeTakeFirstOrThrow()
  const limit = (ws.license as Record<string, unknown>)[quota]
  if (typeof limit !== 'number') return // no limit in this license
  const used = await counter(db, cid)
  if (used + adding > limit) {
    throw refused(`the workspace license allows ${limit} ${quota}`, { quota, limit, used, adding })
  }
}

/** 422 when the license switches the feature off (absent means on). */
export async function requireFeature(db: DbHandle, cid: string, feature: Feature): Promise<void> {
  const license = await loadLicense(db, cid)
  if (license[feature] === false) throw refused(`the workspace license does not include ${feature}`, { feature })
}

export interface QuotaUsage {
  /** null: unlimited. */
  limit: number | null
  /** Absent while nothing counts this quota yet. */
  used?: number
}

/** Every quota's limit, and what is used where a counter exists (v2.network.restrictions). */
export async function quotaUsage(db: DbHandle, cid: string): Promise<Record<Quota, QuotaUsage>> {
  const license = await loadLicense(db, cid)
  const usage = {} as Record<Quota, QuotaUsage>
  for (const quota of QUOTAS) {
    const limit = typeof license[quota] === 'number' ? (license[quota] as number) : null
    const counter = counters[quota]
    usage[quota] = counter ? { limit, used: await counter(db, cid) } : { limit }
  }
  return usage
}

/**
 * Sets a workspace's license: `changes` merged into the current one (a key given as null is removed),
 * or replacing it with `replace`. `validate` sees the license that would result and returns a reason
 * to refuse it, or null; scripts/set-license.ts checks it against schemas/records/workspace-license.json.
 * Returns the new license.
 */
export async function setLicense(
  db: DbHandle,
  cid: string,
  changes: Record<string, unknown>,
  options: { replace?: boolean; validate?: (license: Record<string, unknown>) => string | null } = {},
) {
  // Locked: two license changes at once are applied one after the other.
  const ws = await db.selectFrom('workspaces').select('license').where('_id', '=', cid).forNoKeyUpdate().executeTakeFirst()
  if (!ws) throw notFound('workspace')
  const current = ws.license ?? {}
  const next: Record<string, unknown> = options.replace ? {} : { ...current }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key]
    else next[key] = value
  }
  if (typeof next.activated !== 'number') next.activated = Date.now()
  const problem = options.validate?.(next)
  if (problem) throw refused(`invalid license: ${problem}`, { license: next })
  await db
    .updateTable('workspaces')
    .set({ license: JSON.stringify(next) })
    .where('_id', '=', cid)
    .execute()
  await appendAudit(db, { cid, kind: 'license.set', actor: SERVER_ADMINISTRATOR, targetId: cid, before: ws.license, after: next })
  return next
}
