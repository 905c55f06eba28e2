/** Activities of a workflow through the client, and the signals that change them. */
import type { HlrClient } from '../../../../client'
import type { SignalRule } from '../../api/live'

export interface Activity {
  _id: string
  name: string
  currentPhase: string
  process: string
  team?: string | null
  teamId?: string | null
  priority?: number | null
  ballHolder?: { uid: string; since: number } | null
  fields: Array<{ _id: string; value: unknown; error?: unknown }>
  followers?: string[]
  files?: string[]
  created?: number
  updated?: number
}

export const ACTIVITY_SIGNALS = [
  'v3.activity.created',
  'v3.activity.updated',
  'v3.activity.phase',
  'v3.activity.removed',
  'v3.activity.recovered',
  'v3.activity.ball',
]

export const activityRules = (processId: string): SignalRule[] => ACTIVITY_SIGNALS.map((sig) => ({ sig, when: (meta) => meta.processId === processId }))

export async function listActivities(client: HlrClient, processId: string): Promise<Activity[]> {
  const { activities } = (await client.call('v3.activity.list', { processId, limit: 500 })) as unknown as { activities: Activity[] }
  return activities
}
