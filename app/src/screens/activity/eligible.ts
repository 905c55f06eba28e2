/**
 * Who may follow the activity or be passed its ball: the server's answer (v3.activity.followers.eligible,
 * the members who may see its workflow), so the app never restates the visibility rule. Loaded again
 * when the workflow's members or permissions change, or the workspace's members.
 */
import { useApp } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import type { Activity } from '../board/activities'
import type { Candidate } from './editors'

export function useEligible(activity: Activity, people: Candidate[]): Candidate[] | undefined {
  const app = useApp()
  const eligible = useLive(`eligible:${activity._id}`, async () => (await app.client.call('v3.activity.followers.eligible', activity._id)) as string[], [
    { sig: 'process.updated', when: (m) => m._id === activity.process },
    { sig: 'network.member.added' },
    { sig: 'network.member.removed' },
    { sig: 'network.member.updated' },
  ])
  if (!eligible.data) return undefined
  const may = new Set(eligible.data)
  return people.filter((p) => may.has(p.id))
}
