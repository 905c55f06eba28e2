import { changes, shown } from './changes'

test('only the keys that differ, with their value before and after; a key on one side only is added or removed', () => {
  expect(changes({ name: 'Old', same: 1, gone: true }, { name: 'New', same: 1, extra: [1, 2] })).toEqual([
    { key: 'name', before: { text: 'Old' }, after: { text: 'New' } },
    { key: 'gone', before: { text: 'true' } },
    { key: 'extra', after: { text: '[1,2]' } },
  ])
  expect(changes(null, { name: 'Made' })).toEqual([{ key: 'name', after: { text: 'Made' } }])
  expect(changes({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([])
})

test('a long value is cut to 80 characters, the whole kept', () => {
  const long = { list: Array.from({ length: 40 }, (_, i) => i) }
  const short = shown(long)
  expect(short.text).toHaveLength(80)
  expect(short.text.endsWith('…')).toBe(true)
  expect(short.whole).toBe(JSON.stringify(long))
  expect(shown('short')).toEqual({ text: 'short' })
})
