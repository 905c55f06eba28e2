/**
 * The Activity record (docs/reference/interface.md "Activity") of activities already loaded for a caller
 * (./access.ts): each with its followers and the state of its function values.
 */
import type { DbHandle } from '../../db/schema'
import { sql, type RawBuilder } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import { functionStatesQuery, statesByActivity } from '../../db/function-state'
import type { ActivityRow } from '../../db/activities'
import { activityRecord } from '../../presenters/activity'
import { oneOf, type ValueOrColumn } from '../../db/rows'

/** The followers (discussion members) of these discussions, in order of joining; given columns of an outer query, those of its row. */
const followersQuery = (db: DbHandle, cid: ValueOrColumn, discussionIds: string[] | RawBuilder<string>) =>
  db
    .selectFrom('discussion_members')
    .select(['discussion_id', 'uid'])
    .where('cid', '=', cid)
    .where('discussion_id', '=', oneOf(discussionIds))
    .orderBy('created')
    .orderBy('uid')

/**
 * What an Activity record needs beside its row, as JSON columns of a query of `activities as a`, so
 * that activities and their records are read in one statement (loadActivities `withRecordParts`, a
 * page of v3.activity.list, the records webhooks deliver; the record: `recordWithParts`).
 */
export const recordParts = (db: DbHandle) =>
  [
    jsonArrayFrom(followersQuery(db, sql.ref('a.cid'), sql.ref('a.discussion_id'))).as('followers'),
    jsonArrayFrom(functionStatesQuery(db, sql.ref('a.cid'), sql.ref('a._id'))).as('states'),
  ] as const

export interface RecordParts {
  followers: { discussion_id: string; uid: string }[]
  states: Parameters<typeof statesByActivity>[0]
}

/** The Activity record of a row read with `recordParts`. */
export function recordWithParts(row: ActivityRow, parts: RecordParts, fieldsOrder: string[]) {
  return activityRecord(
    row,
    parts.followers.map((f) => f.uid),
    fieldsOrder,
    statesByActivity(parts.states).get(row._id),
  )
}

/** The Activity record of a row that carries its `recordParts` columns beside its own (a page, a webhook's read). */
export const recordOfRow = ({ followers, states, ...row }: ActivityRow & RecordParts, fieldsOrder: string[]) =>
  recordWithParts(row, { followers, states }, fieldsOrder)

function followersByDiscussion(discussionIds: string[], rows: { discussion_id: string; uid: string }[]): Map<string, string[]> {
  const result = new Map<string, string[]>(discussionIds.map((id) => [id, []]))
  for (const r of rows) result.get(r.discussion_id)?.push(r.uid)
  return result
}

/** Followers (discussion members) of each discussion, in order of joining. */
export async function followersOf(db: DbHandle, cid: string, discussionIds: string[]): Promise<Map<string, string[]>> {
  if (!discussionIds.length) return followersByDiscussion(discussionIds, [])
  return followersByDiscussion(discussionIds, await followersQuery(db, cid, discussionIds).execute())
}
