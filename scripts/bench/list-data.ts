/**
 * The data of bench:list (scripts/bench/list.ts): workflows whose activities are numbered i = 0..n-1,
 * each named `Order <i> <colour> <code>` (colour: 1 in 10; code: six hex digits of md5, one
 * activity per workflow) with four fields: status `s<i mod 7>` (1 in 7), ref i (one activity), a note
 * and an amount; i mod 3 = 0 in phase B, the rest in phase A.
 *
 * `insertActivities` writes directly what v3.activity.createMany writes (server/domain/activities/
 * create.ts); `bulkActivities` writes these activities with it. The benchmark checks a written row
 * against one created through the server with v3.activity.get.
 */
import { createHash } from 'node:crypto'
import type { Db } from './direct'
import { newPhaseId } from '../../spec/helpers/workflows'

export const COLOURS = ['red', 'green', 'blue', 'amber', 'violet', 'teal', 'coral', 'olive', 'ivory', 'slate']

export interface BenchWorkflow {
  cid: string
  uid: string
  teamId: string
  processId: string
  /** Phase ids (unique across workflows, so each workflow has its own): a holds 2 in 3 activities. */
  phases: { a: string; b: string }
  /** Field ids: status (text), ref (numeric), note (text), amount (numeric). */
  fields: { status: string; ref: string; note: string; amount: string }
}

/** Makes a BenchWorkflow named `name` through the server, with `call` (a socket of the workspace's owner). */
export async function createBenchWorkflow(
  call: (op: string, ...args: unknown[]) => Promise<any>,
  owner: Pick<BenchWorkflow, 'cid' | 'uid' | 'teamId'>,
  name: string,
): Promise<BenchWorkflow> {
  const p = await call('process.create', { name })
  const field = async (label: string, type: string) => (await call('process.create_field', p._id, { label, type }))._id as string
  const fields = {
    status: await field('Status', 'text'),
    ref: await field('Ref', 'numeric'),
    note: await field('Note', 'text'),
    amount: await field('Amount', 'numeric'),
  }
  const phases = { a: newPhaseId(), b: newPhaseId() }
  await call('process.set_info', p._id, { phases: { [phases.a]: { name: 'Open' }, [phases.b]: { name: 'Done' } }, phasesOrder: [phases.a, phases.b] })
  return { ...owner, processId: p._id, phases, fields }
}

export const code = (i: number) => createHash('md5').update(`c${i}`).digest('hex').slice(0, 6)
export const phaseOf = (w: BenchWorkflow, i: number) => (i % 3 ? w.phases.a : w.phases.b)

/** The activity i as a createMany input. */
export function activityInput(w: BenchWorkflow, i: number) {
  return {
    name: `Order ${i} ${COLOURS[i % 10]} ${code(i)}`,
    phaseId: phaseOf(w, i),
    fields: { [w.fields.status]: `s${i % 7}`, [w.fields.ref]: i, [w.fields.note]: `note ${i}`, [w.fields.amount]: (i * 37) % 1000 },
  }
}

const BATCH = 20_000

/** What createMany stores for one activity, as `insertActivities` writes it. */
export interface StoredActivity {
  _id: string
  name: string
  phaseId: string
  /** The stored values by field id (a date as its epoch milliseconds, a link as an array of ids). */
  fields: Record<string, unknown>
  /** The activity_links rows of its link fields. */
  links: { fieldId: string; toId: string }[]
  sequence: number
  created: number
}

/**
 * Writes `activities` of the workflow `w` directly, in batches, as v3.activity.createMany writes
 * them: the activity row, the creator as the only follower of its discussion, its links, the
 * `created` history entry, the per-phase counts and the workflow's sequence counter. A discussion's
 * and a history entry's ids derive from the activity's.
 */
export async function insertActivities(db: Db, w: Pick<BenchWorkflow, 'cid' | 'uid' | 'teamId' | 'processId'>, activities: StoredActivity[]) {
  for (let start = 0; start < activities.length; start += BATCH) {
    const batch = activities.slice(start, start + BATCH)
    const column = <T>(f: (a: StoredActivity) => T) => batch.map(f)
    await db.query(
      `with a as (select * from unnest($5::text[], $6::text[], $7::text[], $8::jsonb[], $9::bigint[], $10::bigint[]) as a(_id, name, phase, fields, sequence, created))
       insert into activities (cid, _id, process_id, uid, name, team_id, current_phase, complete_phases, fields, files, sequence, discussion_id, removed, created)
       select $1, a._id, $2, $3, a.name, $4, a.phase, '[]'::jsonb, a.fields, '[]'::jsonb, a.sequence, substr(md5(a._id || ':d'), 1, 24), false, a.created from a`,
      [
        w.cid,
        w.processId,
        w.uid,
        w.teamId,
        column((a) => a._id),
        column((a) => a.name),
        column((a) => a.phaseId),
        column((a) => JSON.stringify(a.fields)),
        column((a) => a.sequence),
        column((a) => a.created),
      ],
    )
    await db.query(
      `insert into discussion_members (cid, discussion_id, uid, created)
       select $1, substr(md5(a._id || ':d'), 1, 24), $2, a.created from unnest($3::text[], $4::bigint[]) as a(_id, created)`,
      [w.cid, w.uid, column((a) => a._id), column((a) => a.created)],
    )
    const links = batch.flatMap((a) => a.links.map((l) => [a._id, l.fieldId, l.toId]))
    await db.query(`insert into activity_links (cid, from_id, field_id, to_id) select $1, * from unnest($2::text[], $3::text[], $4::text[])`, [
      w.cid,
      links.map((l) => l[0]),
      links.map((l) => l[1]),
      links.map((l) => l[2]),
    ])
    await db.query(
      `insert into activity_history (cid, _id, activity_id, process_id, uid, at, kind, changes)
       select $1, substr(md5(a._id || ':h'), 1, 24), a._id, $2, $3, a.created, 'created',
              jsonb_build_object('phase', jsonb_build_object('from', null, 'to', a.phase))
       from unnest($4::text[], $5::text[], $6::bigint[]) as a(_id, phase, created)`,
      [w.cid, w.processId, w.uid, column((a) => a._id), column((a) => a.phaseId), column((a) => a.created)],
    )
    // PGlite has no checkpointer: without one its write-ahead log keeps every batch (tens of GB here).
    if (!process.env.DATABASE_URL) await db.query('checkpoint')
  }
  const perPhase = new Map<string, number>()
  for (const a of activities) perPhase.set(a.phaseId, (perPhase.get(a.phaseId) ?? 0) + 1)
  for (const [phase, count] of perPhase) {
    await db.query(
      `insert into activity_phase_counts (cid, process_id, phase_id, count) values ($1, $2, $3, $4)
       on conflict (cid, process_id, phase_id) do update set count = activity_phase_counts.count + excluded.count`,
      [w.cid, w.processId, phase, count],
    )
  }
  await db.query(
    `update processes set info = jsonb_set(info, '{createdActivities}', to_jsonb(coalesce((info->>'createdActivities')::bigint, 0) + $3::bigint))
     where cid = $1 and _id = $2`,
    [w.cid, w.processId, activities.length],
  )
}

/**
 * Activities i = from..from+n-1 of `w` (as `activityInput` makes them) written directly, sequences
 * from `firstSequence`, created at `created + i` ms. Ids are md5-derived (`bulkId`), unique per workflow.
 */
export async function bulkActivities(db: Db, w: BenchWorkflow, from: number, n: number, firstSequence: number, created: number) {
  for (let start = from; start < from + n; start += BATCH) {
    const activities: StoredActivity[] = []
    for (let i = start; i < Math.min(from + n, start + BATCH); i++) {
      const input = activityInput(w, i)
      activities.push({ _id: bulkId(w, i), ...input, links: [], sequence: firstSequence + i - from, created: created + i })
    }
    await insertActivities(db, w, activities)
  }
}

/** The id bulkActivities gives activity i of `w`. */
export const bulkId = (w: Pick<BenchWorkflow, 'processId'>, i: number) => createHash('md5').update(`${w.processId}:a:${i}`).digest('hex').slice(0, 24)
