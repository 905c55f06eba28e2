/**
 * The board's order and moves, without React: cards grouped by phase, ordered by `priority`
 * (ascending, cards without one after those with one, then by creation), and the updates that put a
 * card at a place. Decision: the order within a phase is the activities' `priority` (an integer the
 * server keeps and every client sorts by); a move writes the moved card's priority alone when a
 * whole number fits between its new neighbours, and numbers the phase's cards again (1000, 2000, …)
 * only when none does.
 */
import type { Activity } from './activities'

export type Columns = Record<string, Activity[]>

export interface MoveUpdate {
  _id: string
  phaseId?: string
  priority?: number
  /** The values the move was planned from: the server refuses it (409) if another move came first. */
  expect: { phaseId?: string; priority?: number | null }
}

const STEP = 1000

export function byBoardOrder(a: Activity, b: Activity): number {
  const pa = a.priority ?? null
  const pb = b.priority ?? null
  if (pa !== pb) {
    if (pa === null) return 1
    if (pb === null) return -1
    return pa - pb
  }
  return (a.created ?? 0) - (b.created ?? 0) || a._id.localeCompare(b._id)
}

export function groupByPhase(activities: Activity[], phases: string[]): Columns {
  const columns: Columns = Object.fromEntries(phases.map((p) => [p, [] as Activity[]]))
  for (const a of activities) columns[a.currentPhase]?.push(a)
  for (const p of phases) columns[p].sort(byBoardOrder)
  return columns
}

/** The phase a card is in now. */
export const phaseOf = (columns: Columns, id: string) => Object.keys(columns).find((p) => columns[p].some((a) => a._id === id))

/**
 * The updates that move card `id` to position `index` of phase `toPhase` (counted without the card
 * itself); empty when it would end where it is.
 */
export function planMove(columns: Columns, id: string, toPhase: string, index: number): MoveUpdate[] {
  const fromPhase = phaseOf(columns, id)
  if (!fromPhase || !columns[toPhase]) return []
  const card = columns[fromPhase].find((a) => a._id === id)!
  const others = columns[toPhase].filter((a) => a._id !== id)
  const at = Math.max(0, Math.min(index, others.length))
  if (fromPhase === toPhase && columns[toPhase].indexOf(card) === at) return []
  const order = [...others.slice(0, at), card, ...others.slice(at)]
  const phaseChange = fromPhase === toPhase ? {} : { phaseId: toPhase }
  const expectPhase = fromPhase === toPhase ? {} : { phaseId: fromPhase }

  const fits = fittingPriority(others, at)
  if (fits !== undefined) return [{ _id: id, ...phaseChange, priority: fits, expect: { ...expectPhase, priority: card.priority ?? null } }]
  // No whole number fits: number the phase again, writing only the cards whose priority changes.
  const updates: MoveUpdate[] = []
  order.forEach((a, i) => {
    const priority = (i + 1) * STEP
    if (a === card) updates.push({ _id: id, ...phaseChange, priority, expect: { ...expectPhase, priority: card.priority ?? null } })
    else if (a.priority !== priority) updates.push({ _id: a._id, priority, expect: { priority: a.priority ?? null } })
  })
  return updates
}

/** A whole number between the neighbours at `at`, when the cards before it all have priorities. */
function fittingPriority(others: Activity[], at: number): number | undefined {
  const before = others[at - 1]
  const after = others[at]
  // Cards without a priority come last in creation order: only the end of the list takes a card after them.
  if (others.slice(0, at).some((a) => a.priority == null)) return undefined
  const low = before?.priority ?? undefined
  const high = after?.priority ?? undefined
  if (low === undefined && high === undefined) return STEP
  if (low === undefined) return high! - STEP
  if (high === undefined) return low + STEP
  const middle = Math.floor((low + high) / 2)
  return middle > low && middle < high ? middle : undefined
}

/** The columns after the updates (what the board shows at once while the server writes them). */
export function applyMoves(activities: Activity[], updates: MoveUpdate[]): Activity[] {
  const byId = new Map(updates.map((u) => [u._id, u]))
  return activities.map((a) => {
    const u = byId.get(a._id)
    return u ? { ...a, currentPhase: u.phaseId ?? a.currentPhase, priority: u.priority ?? a.priority } : a
  })
}
