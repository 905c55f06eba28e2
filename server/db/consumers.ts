/** The cursors of the durable consumers of the event log (server/consumers/durable.ts; migration 100). */
import { sql, type Kysely, type Selectable } from 'kysely'
import { anyOf } from './rows'
import type { ConsumerCursorsTable, Database, DbHandle } from './schema'

export type CursorRow = Selectable<ConsumerCursorsTable>

/** A new subscription's cursor, at `position` (the log's head when it is made: it hears what happens from then on). */
export async function insertCursor(db: DbHandle, consumer: string, id: string, cid: string, position: number) {
  await db.insertInto('consumer_cursors').values({ consumer, id, cid, position }).execute()
}

export async function deleteCursor(db: DbHandle, consumer: string, id: string) {
  await db.deleteFrom('consumer_cursors').where('consumer', '=', consumer).where('id', '=', id).execute()
}

/**
 * Claims up to `limit` enabled subscriptions that are due, behind the log's head and not claimed by
 * a live claim: FOR UPDATE SKIP LOCKED, so processes claiming at once take different rows. One
 * statement, which also answers the head it read (every seq up to it is committed and visible).
 * `busy`: subscriptions this process still works on under a claim that was cut (not claimed again
 * until that work ended, which would otherwise release the new claim as its own).
 */
export async function claimDue(
  db: Kysely<Database>,
  consumer: string,
  owner: string,
  leaseMs: number,
  limit: number,
  busy: string[],
): Promise<{ claimed: CursorRow[]; head: number }> {
  const now = Date.now()
  const { rows } = await sql<CursorRow & { head: number }>`
    with log as (select coalesce(max(seq), 0) as head from event_log)
    update consumer_cursors set claimed_until = ${now + leaseMs}, claimed_by = ${owner}
    where (consumer, id) in (
      select consumer, id from consumer_cursors
      where consumer = ${consumer} and enabled and due <= ${now} and claimed_until < ${now} and position < (select head from log)
        and not (id = ${anyOf(busy)})
      order by due limit ${limit}
      for update skip locked)
    returning consumer_cursors.*, (select head from log) as head`.execute(db)
  return { claimed: rows, head: rows.length ? Number(rows[0].head) : 0 }
}

/**
 * The log's head, and which of this process's claims are still its own: changing, disabling or
 * removing a subscription cuts its claim (`cutClaim`, `resumeCursor`, `deleteCursor`).
 */
export async function ownClaims(db: Kysely<Database>, consumer: string, owner: string): Promise<{ ids: Set<string>; head: number }> {
  const { rows } = await sql<{ head: number; id: string | null }>`
    with log as (select coalesce(max(seq), 0) as head from event_log)
    select log.head, c.id from log
    left join consumer_cursors c on c.consumer = ${consumer} and c.claimed_by = ${owner} and c.claimed_until > 0`.execute(db)
  return { ids: new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id]))), head: Number(rows[0].head) }
}

/**
 * Ends a claim under way: its process stops at its next look (`ownClaims`) and the subscription is
 * claimed again, as it is now. Unlike `resumeCursor` the claim's owner stays, so its release still
 * saves how far it got (the events it delivered are not sent again).
 */
export async function cutClaim(db: DbHandle, consumer: string, id: string) {
  await db.updateTable('consumer_cursors').set({ claimed_until: 0 }).where('consumer', '=', consumer).where('id', '=', id).execute()
}

/** Moves the cursor (only while the claim is this process's). */
export async function saveProgress(db: Kysely<Database>, consumer: string, id: string, owner: string, position: number) {
  await db
    .updateTable('consumer_cursors')
    .set({ position, attempts: 0, failing_since: null })
    .where('consumer', '=', consumer)
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .where('position', '<=', position)
    .execute()
}

/** Records a failure and lets the claim go in the same statement: the retry may be claimed as soon as it is due. */
export async function saveFailure(db: Kysely<Database>, consumer: string, id: string, owner: string, attempts: number, failingSince: number, due: number) {
  await db
    .updateTable('consumer_cursors')
    .set({ attempts, failing_since: failingSince, due, claimed_until: 0, claimed_by: null })
    .where('consumer', '=', consumer)
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute()
}

export async function releaseCursor(db: Kysely<Database>, consumer: string, id: string, owner: string, position?: number) {
  // With the claim's last progress, in the same statement (never backwards, like saveProgress).
  const progress = position === undefined ? {} : { position: sql<number>`greatest(position, ${position})`, attempts: 0, failing_since: null }
  await db
    .updateTable('consumer_cursors')
    .set({ ...progress, claimed_until: 0, claimed_by: null })
    .where('consumer', '=', consumer)
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute()
}

export async function disableCursor(db: DbHandle, consumer: string, id: string) {
  await db.updateTable('consumer_cursors').set({ enabled: false }).where('consumer', '=', consumer).where('id', '=', id).execute()
}

/**
 * Enables a cursor (it resumes from where it stood, with a fresh failure clock), or rewinds it to
 * `position` (a redelivery): either way it is due at once. A claim under way is cut: what its
 * process still writes is ignored (it may deliver an event it was on once more, with its same id).
 */
export async function resumeCursor(db: DbHandle, consumer: string, id: string, change: { enabled?: boolean; position?: number }) {
  await db
    .updateTable('consumer_cursors')
    .set({ ...change, due: 0, attempts: 0, failing_since: null, claimed_until: 0, claimed_by: null })
    .where('consumer', '=', consumer)
    .where('id', '=', id)
    .execute()
}

export async function findCursor(db: DbHandle, consumer: string, id: string): Promise<CursorRow | undefined> {
  return db.selectFrom('consumer_cursors').selectAll().where('consumer', '=', consumer).where('id', '=', id).executeTakeFirst()
}
