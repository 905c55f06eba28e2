/**
 * The grid's rows: a live query over `v3.activity.list` with the grid's filter, read in pages as the
 * person scrolls. `more()` reads the next page and adds it; a signal about the workflow's activities
 * reads again as many rows as are loaded (in pages of 500), so the rows shown stay in place and the
 * scroll, selection and open editors (all kept by activity id) are not lost. When the change to one
 * activity cannot move it in or out of the rows or change their order (no filter, no search, sorted
 * by creation), only that activity is read again and replaced where it is, however many rows are loaded.
 */
import { useCallback, useEffect, useRef } from 'react'
import type { HlrClient } from '../../../../client'
import { useApp } from '../../api/app-context'
import type { LiveQueries, SignalRule } from '../../api/live'
import { useLive } from '../../api/useLive'
import { ACTIVITY_SIGNALS, type Activity } from '../board/activities'
import { listFilter, readQuery } from './query'

export const PAGE = 500

export interface Rows {
  rows: Activity[]
  next: string | null
}

/** Signals about one activity's values, phase or ball, which keep it where it is when sorted by creation. */
const ONE_ACTIVITY = ['v3.activity.updated', 'v3.activity.phase', 'v3.activity.ball']
const IN_PLACE_SORT = ['created']

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

/** The grid's live query for a filter: its key, load and signals, in one place (the grid and its preload). */
function rowsQuery(client: HlrClient, filter: Filter) {
  const key = `grid:${JSON.stringify(filter)}`
  const inPlace = IN_PLACE_SORT.includes(String(filter.sort)) && !filter.search && !filter.fields && !filter.phaseId
  const signals = inPlace ? ACTIVITY_SIGNALS.filter((sig) => !ONE_ACTIVITY.includes(sig)) : ACTIVITY_SIGNALS
  const rules: SignalRule[] = signals.map((sig) => ({ sig, when: (meta) => meta.processId === filter.processId }))
  return { key, inPlace, rules, load: () => readRows(client, filter, wanted.get(key) ?? PAGE) }
}

/**
 * Starts reading the grid's first rows before the workflow is loaded, from the address alone (not
 * when it filters by a field value: how a value is compared depends on the field's type, which the
 * workflow tells). Returns the function that ends this use.
 */
export function preloadGrid(client: HlrClient, live: LiveQueries, processId: string, params: URLSearchParams) {
  const query = readQuery(params)
  if (Object.keys(query.fields).length) return () => {}
  const { key, load, rules } = rowsQuery(client, listFilter({ _id: processId, fields: {} }, query))
  return live.acquire(key, load, rules)
}

export function useRows(filter: Filter) {
  const { client } = useApp()
  const { key, inPlace, load, rules } = rowsQuery(client, filter)
  const live = useLive(key, load, rules)
  const { patch } = live
  useEffect(() => {
    if (!inPlace) return
    const replace = async (meta: { _id?: string; processId?: string }) => {
      if (meta.processId !== filter.processId || !meta._id) return
      const activity = (await client.call('v3.activity.get', meta._id).catch(() => null)) as unknown as Activity | null
      if (activity) patch((d) => ({ ...d, rows: d.rows.map((a) => (a._id === activity._id ? activity : a)) }))
    }
    const stops = ONE_ACTIVITY.map((sig) => client.on(sig, replace))
    return () => stops.forEach((stop) => stop())
  }, [key, inPlace])
  /** The cursor of the page being read, so scrolling on while it loads reads it once. */
  const reading = useRef<string | null>(null)
  const more = useCallback(async () => {
    const data = live.data
    if (!data?.next || reading.current === data.next) return
    reading.current = data.next
    wanted.set(key, data.rows.length + PAGE)
    try {
      const page = await readPage(client, filter, data.next)
      live.patch((current) => (current.next === data.next ? append(current, page) : current))
    } finally {
      reading.current = null
    }
  }, [live.data, key])
  return { ...live, more }
}
