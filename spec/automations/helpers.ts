/** What the automation specs share: a workflow with phases and a field, and waiting for runs. */
import type { Client } from '../helpers/client'
import { pause } from '../helpers/stream'
import type { SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'

export type Run = {
  seq: number
  outcome: 'ok' | 'failed' | 'skipped'
  actions: { type: string; ok: boolean; detail?: string }[]
  error: string | null
  depth: number
  event: string
  activityId: string | null
}

/** A workflow with phases Open, Doing, Done, a text field Status and a team. */
export async function board(c: Client, name: string) {
  const teamId: string = (await c.call('company.new_team', { name: 'T' }))._id
  const p = await c.call('process.create', { name })
  const [open, doing, done] = [newPhaseId(), newPhaseId(), newPhaseId()]
  await c.call('process.set_info', p._id, {
    phases: { [open]: { name: 'Open' }, [doing]: { name: 'Doing' }, [done]: { name: 'Done' } },
    phasesOrder: [open, doing, done],
  })
  const status: string = (await c.call('process.create_field', p._id, { label: 'Status', type: 'text' }))._id
  const note: string = (await c.call('process.create_field', p._id, { label: 'Note', type: 'text' }))._id
  return { p, teamId, open, doing, done, status, note }
}

/** The runs of an automation once `pred` holds for them (runs are written soon after the event). */
export async function runsOf(o: SignedIn, automationId: string, pred: (runs: Run[]) => boolean = (r) => r.length > 0, timeoutMs = 20_000): Promise<Run[]> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const runs = (await o.client.call('v3.automation.runs', automationId, { limit: 1000 })) as Run[]
    if (pred(runs)) return runs
    if (Date.now() > until) throw new Error(`the runs of ${automationId} never came to what was waited for: ${JSON.stringify(runs).slice(0, 2000)}`)
    await pause(50)
  }
}

export const activityOf = (c: Client, id: string) => c.call('v3.activity.get', id) as Promise<any>

/**
 * Two rules that set each other off (`there` first), once both have stopped: `there` ran at depths 1,
 * 3 and 5, `back` at 2 and 4 and was stopped at 6 by AUTOMATION_CHAIN_LIMIT (5), which its run says.
 * `settleMs`: how long to wait after the stop for a run that should not come.
 */
export async function expectChainStopped(o: SignedIn, there: string, back: string, settleMs: number, timeoutMs?: number) {
  const backRuns = await runsOf(o, back, (r) => r.some((x) => x.outcome === 'skipped'), timeoutMs)
  const thereRuns = await runsOf(o, there, (r) => r.length >= 3)
  await pause(settleMs)
  expect(thereRuns.map((r) => [r.outcome, r.depth])).toEqual([
    ['ok', 1],
    ['ok', 3],
    ['ok', 5],
  ])
  expect(backRuns.map((r) => [r.outcome, r.depth])).toEqual([
    ['ok', 2],
    ['ok', 4],
    ['skipped', 6],
  ])
  expect(backRuns[2].error).toMatch(/AUTOMATION_CHAIN_LIMIT \(5\)/)
  expect(await o.client.call('v3.automation.runs', there, {})).toHaveLength(3)
  expect(await o.client.call('v3.automation.runs', back, {})).toHaveLength(3)
}
