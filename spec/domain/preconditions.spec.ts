/** The comparison of server/domain/preconditions.ts: what counts as the same value, and what is named when one is not. */
import { firstStale } from '../../server/domain/preconditions'

const record = {
  name: 'Order 7',
  priority: undefined,
  phases: { p1: { _id: 'p1', name: 'Open', fields: ['f1', 'f2'] }, p2: { _id: 'p2', name: 'Done' } },
  settings: { color: '#fff', languages: ['fi', 'en'] },
}

test('a value sent back as read holds: key order, null and absent alike, lists and nested objects', () => {
  expect(firstStale({ name: 'Order 7', priority: null, missing: null }, record)).toBeNull()
  expect(firstStale({ settings: { languages: ['fi', 'en'], color: '#fff', theme: null } }, record)).toBeNull()
  expect(firstStale({ phases: { p1: { fields: ['f1', 'f2'], name: 'Open', _id: 'p1' } } }, record, { maps: ['phases'] })).toBeNull()
})

test('the first value that no longer holds is named, with its value now (null when absent)', () => {
  expect(firstStale({ name: 'Order 7', priority: 3 }, record)).toEqual({ field: 'priority', current: null })
  expect(firstStale({ settings: { color: '#fff', languages: ['en', 'fi'] } }, record)).toEqual({ field: 'settings', current: record.settings })
  expect(firstStale({ missing: 'x' }, record)).toEqual({ field: 'missing', current: null })
  expect(firstStale({ name: 7 }, record)).toEqual({ field: 'name', current: 'Order 7' })
})

test('a map is compared entry by entry: only the entries listed count, each named <property>.<key>', () => {
  const listed = { phases: { p2: { _id: 'p2', name: 'Done' }, p3: null } }
  expect(firstStale(listed, record, { maps: ['phases'] })).toBeNull()
  expect(firstStale({ phases: { p1: { _id: 'p1', name: 'Closed' } } }, record, { maps: ['phases'] })).toEqual({ field: 'phases.p1', current: record.phases.p1 })
  expect(firstStale({ phases: { constructor: { name: 'x' } } }, record, { maps: ['phases'] })).toEqual({ field: 'phases.constructor', current: null })
})

test('an expected value is compared in its stored form when the caller gives one (a date as ms)', () => {
  const due = { fields: { d: Date.UTC(2026, 4, 1) } }
  const asMs = (_field: string, v: unknown) => (typeof v === 'string' ? Date.parse(v) : v)
  expect(firstStale({ fields: { d: '2026-05-01T00:00:00Z' } }, due, { maps: ['fields'], normalize: asMs })).toBeNull()
  expect(firstStale({ fields: { d: '2026-05-02' } }, due, { maps: ['fields'], normalize: asMs })).toEqual({ field: 'fields.d', current: due.fields.d })
})
