/**
 * The calendar's arithmetic, without React: the days a month grid shows (whole weeks from Monday),
 * and the days an activity's date value falls on. Dates (`date`, `daterange`) are stored as UTC
 * midnight and shown on that calendar day; dates with a time are shown on the local day.
 */
export type Day = string // YYYY-MM-DD

export const DATE_TYPES = ['date', 'datetime', 'daterange', 'datetimerange']
/** A range longer than this shows on its first this-many days only. */
const MAX_SPAN = 62
const DAY_MS = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')

/** `YYYY-MM` of a month; an invalid text is this month. */
export function monthOf(text: string | null, now = new Date()): { year: number; month: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '')
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return { year: Number(m[1]), month: Number(m[2]) }
  return { year: now.getFullYear(), month: now.getMonth() + 1 }
}

export const monthText = (year: number, month: number) => `${year}-${pad(month)}`

export function shiftMonth(year: number, month: number, by: number) {
  const index = year * 12 + (month - 1) + by
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/** The days the grid shows: from the Monday on or before the 1st to the Sunday on or after the last day. */
export function monthDays(year: number, month: number): Day[] {
  const first = Date.UTC(year, month - 1, 1)
  const weekday = (new Date(first).getUTCDay() + 6) % 7 // Monday = 0
  const last = Date.UTC(year, month, 0)
  const trailing = 6 - ((new Date(last).getUTCDay() + 6) % 7)
  const days: Day[] = []
  for (let t = first - weekday * DAY_MS; t <= last + trailing * DAY_MS; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10))
  return days
}

function dayOf(ms: number, type: string): Day {
  if (type.startsWith('datetime')) {
    const d = new Date(ms)
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
  }
  return new Date(ms).toISOString().slice(0, 10)
}

/** The days a stored value falls on: one for a date, each day from start to end for a range. */
export function daysOf(value: unknown, type: string): Day[] {
  if (typeof value === 'number') return [dayOf(value, type)]
  if (!Array.isArray(value) || typeof value[0] !== 'number') return []
  const from = dayOf(value[0], type)
  const to = typeof value[1] === 'number' ? dayOf(value[1], type) : from
  const days: Day[] = []
  for (let t = Date.parse(from); t <= Date.parse(to) && days.length < MAX_SPAN; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10))
  return days
}
