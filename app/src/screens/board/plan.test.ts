/** The board's order and the updates a drop makes. */
import type { Activity } from './activities'
import { applyMoves, groupByPhase, planMove } from './plan'

const card = (id: string, phase: string, priority: number | null, created = 0): Activity => ({
  _id: id,
  name: id,
  currentPhase: phase,
  process: 'p',
  priority,
  created,
  fields: [],
})

test('cards are grouped by phase, by priority, those without one last in creation order', () => {
  const columns = groupByPhase([card('c', 'A', null, 1), card('b', 'A', 2000), card('a', 'A', 1000), card('d', 'A', null, 0), card('x', 'gone', 1)], ['A', 'B'])
  expect(columns.A.map((a) => a._id)).toEqual(['a', 'b', 'd', 'c'])
  expect(columns.B).toEqual([])
})

test('a move between neighbours with room writes the moved card alone, with what it was planned from', () => {
  const columns = groupByPhase([card('a', 'A', 1000), card('b', 'A', 2000), card('m', 'B', null)], ['A', 'B', 'C'])
  expect(planMove(columns, 'm', 'A', 1)).toEqual([{ _id: 'm', phaseId: 'A', priority: 1500, expect: { phaseId: 'B', priority: null } }])
  expect(planMove(columns, 'm', 'A', 0)).toEqual([{ _id: 'm', phaseId: 'A', priority: 0, expect: { phaseId: 'B', priority: null } }])
  expect(planMove(columns, 'm', 'A', 2)).toEqual([{ _id: 'm', phaseId: 'A', priority: 3000, expect: { phaseId: 'B', priority: null } }])
  // Into an empty phase.
  expect(planMove(columns, 'a', 'C', 5)).toEqual([{ _id: 'a', phaseId: 'C', priority: 1000, expect: { phaseId: 'A', priority: 1000 } }])
})

test('within a phase: up and down; the same place is no move', () => {
  const columns = groupByPhase([card('a', 'A', 1000), card('b', 'A', 2000), card('c', 'A', 3000)], ['A'])
  expect(planMove(columns, 'c', 'A', 0)).toEqual([{ _id: 'c', priority: 0, expect: { priority: 3000 } }])
  expect(planMove(columns, 'a', 'A', 1)).toEqual([{ _id: 'a', priority: 2500, expect: { priority: 1000 } }])
  expect(planMove(columns, 'b', 'A', 1)).toEqual([])
})

test('no room, or cards without a priority before the place: the phase is numbered again, writing only what changes', () => {
  const tight = groupByPhase([card('a', 'A', 1), card('b', 'A', 2), card('m', 'B', null)], ['A', 'B'])
  expect(planMove(tight, 'm', 'A', 1)).toEqual([
    { _id: 'a', priority: 1000, expect: { priority: 1 } },
    { _id: 'm', phaseId: 'A', priority: 2000, expect: { phaseId: 'B', priority: null } },
    { _id: 'b', priority: 3000, expect: { priority: 2 } },
  ])
  const fresh = groupByPhase([card('a', 'A', null, 1), card('b', 'A', 3000, 2), card('m', 'B', null)], ['A', 'B'])
  // b (3000) sorts first, a (none) after it; m goes after a.
  expect(planMove(fresh, 'm', 'A', 2)).toEqual([
    { _id: 'b', priority: 1000, expect: { priority: 3000 } },
    { _id: 'a', priority: 2000, expect: { priority: null } },
    { _id: 'm', phaseId: 'A', priority: 3000, expect: { phaseId: 'B', priority: null } },
  ])
})

test('the shown cards follow the planned updates at once', () => {
  const shown = applyMoves([card('a', 'A', 1000), card('m', 'B', null)], [{ _id: 'm', phaseId: 'A', priority: 500, expect: {} }])
  expect(groupByPhase(shown, ['A', 'B']).A.map((a) => a._id)).toEqual(['m', 'a'])
})
