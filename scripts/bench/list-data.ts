/**
 * The data of bench:list (scripts/bench/list.ts): workflows whose activities are numbered i = 0..n-1,
 * each named `Order <i> <colour> <code>` (colour: 1 in 10; code: six hex digits of md5, one
 * activity per workflow) with four fields: status `s<i mod 7>` (1 in 7), ref i (one activity), a note
 * and an amount; i mod 3 = 0 in phase B, the rest in phase A.
 *
 * `bulkActivities` writes in set-based SQL what v3.activity.createMany writes for the same input
 * (server/domain/activities/create.ts): the activity row, the creator as the only follower of its
 * discussion, the `created` history entry, the per-phase counts and the workflow's sequence counter.
 * The benchmark checks a written row against one created through the server with v3.activity.get.
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

const BATCH = 50_000

/**
 * Activities i = from..from+n-1 of `w` written directly, sequences from `firstSequence`, created at
 * `created + i` ms. Ids are md5-derived object ids, unique per workflow.
 */
export async function bulkActivities(db: Db, w: BenchWorkflow, from: number, n: number, firstSequence: number, created: number) {
  const colours = `array[${COLOURS.map((c) => `'${c}'`).join(', ')}]`
  for (let start = from; start < from + n; start += BATCH) {
    const end = Math.min(from + n, start + BATCH) - 1
    const p = [
      w.cid,
      w.processId,
      w.uid,
      w.teamId,
      start,
      end,
      firstSequence - from,
      created,
      w.fields.status,
      w.fields.ref,
      w.fields.note,
      w.fields.amount,
      w.phases.a,
      w.phases.b,
    ]
    await db.query(
      `insert into activities (cid, _id, process_id, uid, name, team_id, current_phase, complete_phases, fields, files, sequence, discussion_id, removed, created)
       select $1, substr(md5($2 || ':a:' || g), 1, 24), $2, $3, 'Order ' || g || ' ' || (${colours})[g % 10 + 1] || ' ' || substr(md5('c' || g), 1, 6),
              $4, case when g % 3 = 0 then $14 else $13 end, '[]'::jsonb,
              jsonb_build_object($9::text, 's' || (g % 7), $10::text, g, $11::text, 'note ' || g, $12::text, (g * 37) % 1000),
              '[]'::jsonb, $7::bigint + g, substr(md5($2 || ':d:' || g), 1, 24), false, $8::bigint + g
       from generate_series($5::int, $6::int) g`,
      p,
    )
    await db.query(
      `insert into discussion_members (cid, discussion_id, uid, created)
       select $1, substr(md5($2 || ':d:' || g), 1, 24), $3, $4::bigint + g from generate_series($5::int, $6::int) g`,
      [w.cid, w.processId, w.uid, created, start, end],
    )
    await db.query(
      `insert into activity_history (cid, _id, activity_id, process_id, uid, at, kind, changes)
       select $1, substr(md5($2 || ':h:' || g), 1, 24), substr(md5($2 || ':a:' || g), 1, 24), $2, $3, $4::bigint + g, 'created',
              jsonb_build_object('phase', jsonb_build_object('from', null, 'to', case when g % 3 = 0 then $8 else $7 end))
       from generate_series($5::int, $6::int) g`,
      [w.cid, w.processId, w.uid, created, start, end, w.phases.a, w.phases.b],
    )
    // PGlite has no checkpointer: without one its write-ahead log keeps every batch (tens of GB here).
    if (!process.env.DATABASE_URL) await db.query('checkpoint')
  }
  const perPhase = new Map<string, number>()
  for (let i = from; i < from + n; i++) perPhase.set(phaseOf(w, i), (perPhase.get(phaseOf(w, i)) ?? 0) + 1)
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
    [w.cid, w.processId, n],
  )
}

/** The id bulkActivities gives activity i of `w`. */
export const bulkId = (w: BenchWorkflow, i: number) => createHash('md5').update(`${w.processId}:a:${i}`).digest('hex').slice(0, 24)
