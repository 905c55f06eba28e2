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
