/** Workflows through the client: the list, one workflow with its live phases, and creating one. */
import type { HlrClient } from '../../../../client'

export interface WorkflowListed {
  _id: string
  name: string
  enableUnlinkedMode?: boolean
  phases: Array<{ _id: string; name: string | null }>
}

export interface Workflow {
  _id: string
  name: string
  phases: Record<string, { _id: string; name?: string | null }>
  phasesOrder: string[]
  phasesRemoved: string[]
  fields: Record<string, WorkflowField>
  fieldsOrder?: string[]
  preselectedTeam?: { team?: string | null } | null
}

export interface WorkflowField {
  _id: string
  label?: string
  type: string
  [setting: string]: unknown
}

/** Workflows the person sees, without the hidden ones that hold unlinked activities. */
export async function listWorkflows(client: HlrClient): Promise<WorkflowListed[]> {
  const listed = (await client.call('process.list')) as unknown as WorkflowListed[]
  return listed.filter((wf) => !wf.enableUnlinkedMode)
}

export const getWorkflow = async (client: HlrClient, id: string) => (await client.call('v2.process.get', id)) as unknown as Workflow

/** The phases shown, in order (removed ones left out). */
export const livePhases = (wf: Workflow) => wf.phasesOrder.filter((id) => wf.phases[id] && !wf.phasesRemoved.includes(id))

/** 24 hex characters, as the server's ids (phases are named by the client). */
export function newObjectId(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * A workflow (or a dataset) with its phases and the workspace's first team preset (activities belong
 * to a team; a workspace without one gets an "Everyone" team when the person may make it). Creating
 * takes more than one call: when a later one is refused, the new workflow is removed again, so a
 * failed try never leaves an empty workflow behind, and the refusal is passed on.
 */
export async function createWorkflow(client: HlrClient, name: string, phaseNames: string[], options: { dataset?: boolean } = {}): Promise<string> {
  const wf = (await client.call('process.create', { name, ...(options.dataset ? { enableUnlinkedMode: true } : {}) } as never)) as unknown as { _id: string }
  try {
    const ids = phaseNames.map((phase) => [newObjectId(), phase] as const)
    const teams = (await client.call('company.form_get_teams')) as unknown as Array<{ _id: string }>
    const team = teams[0]?._id ?? ((await client.call('company.new_team', { name: 'Everyone' } as never).catch(() => null)) as { _id: string } | null)?._id
    await client.call('process.set_info', wf._id, {
      phases: Object.fromEntries(ids.map(([id, phase]) => [id, { name: phase }])),
      phasesOrder: ids.map(([id]) => id),
      ...(team ? { preselectedTeam: { team } } : {}),
    } as never)
  } catch (err) {
    await client.call('process.remove', wf._id).catch(() => {})
    throw err
  }
  return wf._id
}
