/** Workflows as most specs need them: one phase to create activities in, a team to own them. */
import type { Client } from './client'
import { newId } from './ids'

/**
 * A new phase id (24 hex characters). Phase ids are unique across every workflow of the server, so
 * a spec never reuses a fixed one: each workflow it builds gets fresh ids from here.
 */
export function newPhaseId(): string {
  return newId()
}

/** Gives workflow `processId` one phase "Open" with a fresh id (returned), and any other settings in `info`. */
export async function addOpenPhase(c: Client, processId: string, info: Record<string, unknown> = {}): Promise<string> {
  const phase = newPhaseId()
  await c.call('process.set_info', processId, { ...info, phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  return phase
}

/** A new workflow named `name` with one phase "Open", and a new team of the caller's workspace. */
export async function workflowWithPhase(c: Client, name: string) {
  const teamId: string = (await c.call('company.new_team', { name: 'T' }))._id
  const p = await c.call('process.create', { name })
  const phase = await addOpenPhase(c, p._id)
  return { p, phase, teamId }
}
