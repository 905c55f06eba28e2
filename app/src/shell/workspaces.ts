/** The workspaces the person belongs to, live: a rename or a membership change anywhere shows at once. */
import { useApp } from '../api/app-context'
import { useLive } from '../api/useLive'

export interface WorkspaceListed {
  _id: string
  name: string
  role: string
}

const RULES = [{ sig: 'network.updated' }, { sig: 'network.member.added' }, { sig: 'network.member.removed' }, { sig: 'network.role.changed' }]

export function useWorkspaces() {
  const { client } = useApp()
  return useLive('workspaces', () => client.call('v3.session.workspaces') as Promise<WorkspaceListed[]>, RULES)
}
