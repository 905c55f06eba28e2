/**
 * License quotas, enforced where things are created: over the quota -> 422 whose details name the
 * quota and its limit. Each quota has a counter of what it limits; features that create processes,
 * activities or calendars add theirs to `counters`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema'
import { refused } from '../errors'

type Q = Kysely<Database> | Transaction<Database>

export type Quota = 'users' | 'processes' | 'datasets' | 'activities' | 'calendars' | 'modules'

type Counter = (db: Q, cid: string) => Promise<number>

/** Members plus pending invites count toward `users`, so invites cannot overshoot the license. */
const counters: Partial<Record<Quota, Counter>> = {
  async users(db, cid) {
    const members = await db.selectFrom('workspace_members').select((eb) => eb.fn.countAll<number>().as('n')).where('cid', '=', cid).executeTakeFirstOrThrow()
    const invites = await db.selectFrom('invites').select((eb) => eb.fn.countAll<number>().as('n')).where('cid', '=', cid).executeTakeFirstOrThrow()
    return Number(members.n) + Number(invites.n)
  },
}

/** Throws 422 when adding `adding` more would exceed the workspace license's limit for `quota`. */
export async function enforceQuota(db: Q, cid: string, quota: Quota, adding = 1): Promise<void> {
  const counter = counters[quota]
  if (!counter) throw new Error(`no counter for the ${quota} quota`)
  const ws = await db.selectFrom('workspaces').select('license').where('_id', '=', cid).executeTakeFirstOrThrow()
  const limit = (ws.license as Record<string, unknown>)[quota]
  if (typeof limit !== 'number') return // no limit in this license
  const used = await counter(db, cid)
  if (used + adding > limit) {
    throw refused(`the workspace license allows ${limit} ${quota}`, { quota, limit, used, adding })
  }
}
