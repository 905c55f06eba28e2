/**
 * The grid's rows: a live query over `v3.activity.list` with the grid's filter, read in pages as the
 * person scrolls. `more()` reads the next page and adds it; a signal about the workflow's activities
 * reads again as many rows as are loaded (in pages of 500), so the rows shown stay in place and the
 * scroll, selection and open editors (all kept by activity id) are not lost.
 */
import { useCallback } from 'react'
import type { HlrClient } from '../../../../client'
import { useApp } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { activityRules, type Activity } from '../board/activities'

export const PAGE = 500

export interface Rows {
  rows: Activity[]
  next: string | null
}

/** How many rows each grid (by its key) has asked for: a reload reads at least that many again. */
const wanted = new Map<string, number>()

type Filter = Record<string, unknown> & { processId: string }

async function readPage(client: HlrClient, filter: Filter, after: string | null, limit = PAGE): Promise<Rows> {
  const page = (await client.call('v3.activity.list', { ...filter, limit, ...(after ? { after } : {}) } as never)) as unknown as {
    activities: Activity[]
    next?: string | null
  }
  return { rows: page.activities, next: page.next ?? null }
}

async function readRows(client: HlrClient, filter: Filter, count: number): Promise<Rows> {
  const rows: Activity[] = []
  let next: string | null = null
  do {
    const page = await readPage(client, filter, next)
    rows.push(...page.rows)
    next = page.next
  } while (next && rows.length < count)
  return { rows, next }
}

/** Adds a page, leaving out rows already there (a reload may have read them meanwhile). */
export function append(data: Rows, page: Rows): Rows {
  const known = new Set(data.rows.map((r) => r._id))
  return { rows: [...data.rows, ...page.rows.filter((r) => !known.has(r._id))], next: page.next }
}

export function useRows(filter: Filter) {
  const { client } = useApp()
  const key = `grid:${JSON.stringify(filter)}`
  const live = useLive(key, () => readRows(client, filter, wanted.get(key) ?? PAGE), activityRules(filter.processId))
  const more = useCallback(async () => {
    const data = live.data
    if (!data?.next) return
    wanted.set(key, data.rows.length + PAGE)
    const page = await readPage(client, filter, data.next)
    live.patch((current) => (current.next === data.next ? append(current, page) : current))
  }, [live.data, key])
  return { ...live, more }
}
