/** Workflows as most specs need them: one phase to create activities in, a team to own them. */
import type { ArgsOf, Client, ResultOf } from './client'
import { newId } from './ids'

/** A field of a workflow as process.create_field takes it. */
export type FieldDescriptor = ArgsOf<'process.create_field'>[1]

/** An activity's field values by field id, as v3.activity.create takes them. */
export type FieldValues = NonNullable<NonNullable<ArgsOf<'v3.activity.create'>[1]>['fields']>

/**
 * A new phase id (24 hex characters). Phase ids are unique across every workflow of the server, so
 * a spec never reuses a fixed one: each workflow it builds gets fresh ids from here.
 */
export function newPhaseId(): string {
  return newId()
}

/**
 * A workflow as v2.process.get answers it, with the parts every workflow has read as present: its
 * schema leaves them optional and open (phases and fields by id, their order, the member entries).
 */
export type Workflow = ResultOf<'v2.process.get'> & {
  phases: Record<string, any>
  phasesOrder: string[]
  fields: Record<string, any>
  fieldsOrder: string[]
  members: any[]
}

/** v2.process.get, read as a `Workflow`. */
export const loadWorkflow = async (c: Client, processId: string) => (await c.call('v2.process.get', processId)) as Workflow

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
