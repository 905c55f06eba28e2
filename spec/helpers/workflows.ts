/** Workflows as most specs need them: one phase to create activities in, a team to own them. */
import { randomBytes } from 'node:crypto'
import type { Client } from './client'

/** A new workflow named `name` with one phase "Open", and a new team of the caller's workspace. */
export async function workflowWithPhase(c: Client, name: string) {
  const teamId: string = (await c.call('company.new_team', { name: 'T' }))._id
  const p = await c.call('process.create', { name })
  const phase = randomBytes(12).toString('hex')
  await c.call('process.set_info', p._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  return { p, phase, teamId }
}
