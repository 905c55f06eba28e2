/** Activities of a workflow through the client, and the signals that change them. */
import type { HlrClient } from '../../../../client'
import type { LiveQueries, SignalRule } from '../../api/live'

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

/** How many cards a board shows at most (pages of 500 read one after the other). */
export const BOARD_LIMIT = 2000

export async function listActivities(client: HlrClient, processId: string, limit = BOARD_LIMIT): Promise<Activity[]> {
  const all: Activity[] = []
  let after: string | undefined
  do {
    const page = (await client.call('v3.activity.list', { processId, limit: 500, ...(after ? { after } : {}) })) as unknown as {
      activities: Activity[]
      next?: string | null
    }
    all.push(...page.activities)
    after = page.next ?? undefined
  } while (after && all.length < limit)
  return all
}

/** The live query of a workflow's activities (up to BOARD_LIMIT): its key, load and signals, in one place (the board, the calendar and their preload). */
export function boardQuery(client: HlrClient, processId: string) {
  return { key: `activities:${processId}`, load: () => listActivities(client, processId), rules: activityRules(processId) }
}

/** Starts reading the board's activities before the board is drawn; returns the function that ends this use. */
export function preloadBoard(client: HlrClient, live: LiveQueries, processId: string) {
  const { key, load, rules } = boardQuery(client, processId)
  return live.acquire(key, load, rules)
}
