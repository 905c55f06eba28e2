/** The activity form's drafts: only changed values are sent, with what they were read as; conflicts with pushed changes. */
import type { Activity } from '../board/activities'
import { applyUpdate, buildUpdate, changedKeys, conflicts, edit, fieldKey, followUnchanged, keepMine, same, takeTheirs, type Drafts } from './draft'

const activity = (over: Partial<Activity> = {}): Activity => ({
  _id: 'a1',
  name: 'Ada',
  currentPhase: 'p1',
  process: 'w',
  teamId: 't1',
  fields: [
    { _id: 'f1', value: 'Packed' },
    { _id: 'f2', value: 12 },
  ],
  ...over,
})

test('values are the same regardless of key order, and null, absent, empty text and empty lists are one', () => {
  expect(same({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true)
  expect(same(null, undefined)).toBe(true)
  expect(same('', null)).toBe(true)
  expect(same([], null)).toBe(true)
  expect(same([1, 2], [2, 1])).toBe(false)
  expect(same(0, null)).toBe(false)
  expect(same('x', 'y')).toBe(false)
})

test('save sends only the values the person changed, each with the value it was read as', () => {
  const read = activity()
  let drafts: Drafts = {}
  drafts = edit(drafts, read, fieldKey('f1'), 'Shipped')
  drafts = edit(drafts, read, fieldKey('f2'), 12) // opened, typed back to what it was
  drafts = edit(drafts, read, 'name', 'Ada L.')
  expect(changedKeys(drafts).sort()).toEqual(['fields.f1', 'name'])
  expect(buildUpdate('a1', drafts)).toEqual({ _id: 'a1', name: 'Ada L.', fields: { f1: 'Shipped' }, expect: { name: 'Ada', fields: { f1: 'Packed' } } })
  // A field without a value yet is expected as null; clearing sends null.
  drafts = edit({}, read, fieldKey('f3'), 'new')
  drafts = edit(drafts, read, fieldKey('f1'), '')
  expect(buildUpdate('a1', drafts)).toEqual({ _id: 'a1', fields: { f3: 'new', f1: null }, expect: { fields: { f3: null, f1: 'Packed' } } })
  expect(buildUpdate('a1', {})).toBeNull()
})

test('the base stays the value first read, however often the person types', () => {
  const read = activity()
  let drafts = edit({}, read, fieldKey('f1'), 'S')
  drafts = edit(drafts, activity({ fields: [{ _id: 'f1', value: 'Sent back' }] }), fieldKey('f1'), 'Shipped')
  expect(drafts[fieldKey('f1')]).toEqual({ value: 'Shipped', base: 'Packed' })
})

test('a pushed change to a value being changed is a conflict; keep mine rebases, take theirs drops the draft', () => {
  const read = activity()
  let drafts = edit({}, read, fieldKey('f1'), 'Shipped')
  expect(conflicts(drafts, read)).toEqual({})
  const pushed = activity({ fields: [{ _id: 'f1', value: 'Sent back' }] })
  expect(conflicts(drafts, pushed)).toEqual({ 'fields.f1': 'Sent back' })
  // Keep mine: the next save expects their value and overwrites it knowingly.
  const kept = keepMine(drafts, fieldKey('f1'), 'Sent back')
  expect(conflicts(kept, pushed)).toEqual({})
  expect(buildUpdate('a1', kept)).toEqual({ _id: 'a1', fields: { f1: 'Shipped' }, expect: { fields: { f1: 'Sent back' } } })
  // Take theirs: nothing of mine is sent.
  const taken = takeTheirs(drafts, fieldKey('f1'))
  expect(buildUpdate('a1', taken)).toBeNull()
})

test('a pushed change to a value opened but not changed is taken; changed drafts stay', () => {
  const read = activity()
  let drafts = edit({}, read, fieldKey('f2'), 12)
  drafts = edit(drafts, read, fieldKey('f1'), 'Shipped')
  const pushed = activity({
    fields: [
      { _id: 'f1', value: 'Sent back' },
      { _id: 'f2', value: 13 },
    ],
  })
  const followed = followUnchanged(drafts, pushed)
  expect(Object.keys(followed)).toEqual(['fields.f1'])
  expect(followUnchanged(followed, pushed)).toBe(followed)
})

test('the saved update shows at once', () => {
  const saved = applyUpdate(activity(), { _id: 'a1', name: 'Ada L.', phaseId: 'p2', fields: { f1: 'Shipped', f9: 3 }, expect: {} })
  expect(saved).toMatchObject({
    name: 'Ada L.',
    currentPhase: 'p2',
    fields: [
      { _id: 'f1', value: 'Shipped' },
      { _id: 'f2', value: 12 },
      { _id: 'f9', value: 3 },
    ],
  })
})
