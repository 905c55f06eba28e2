import { daysOf, monthDays, monthOf, shiftMonth } from './month'

test('a month grid is whole weeks from Monday to Sunday', () => {
  const days = monthDays(2026, 11) // 1 November 2026 is a Sunday
  expect(days[0]).toBe('2026-10-26')
  expect(days.at(-1)).toBe('2026-12-06')
  expect(days.length % 7).toBe(0)
  expect(monthDays(2027, 2)).toHaveLength(28) // February 2027 starts on a Monday and ends on a Sunday
})

test('months are read from the address and shifted across years', () => {
  expect(monthOf('2026-02')).toEqual({ year: 2026, month: 2 })
  expect(monthOf('2026-13', new Date(2025, 4, 3))).toEqual({ year: 2025, month: 5 })
  expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 })
  expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 })
})

test('a date falls on its UTC day; a range on each of its days', () => {
  expect(daysOf(Date.UTC(2026, 10, 3), 'date')).toEqual(['2026-11-03'])
  expect(daysOf([Date.UTC(2026, 10, 30), Date.UTC(2026, 11, 2)], 'daterange')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02'])
  expect(daysOf(null, 'date')).toEqual([])
  expect(daysOf([Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)], 'daterange')).toHaveLength(62)
})
