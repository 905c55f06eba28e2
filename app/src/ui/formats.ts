/**
 * The app's number and date formats, one set per language. Building an Intl formatter costs far
 * more than using one (a grid of 10,000 values built one per value), so each is made once per
 * language and kept.
 */
export interface Formats {
  /** A moment: "28 Nov 2026, 14:05" (history, wall, notifications, the ball). */
  when: Intl.DateTimeFormat
  /** A day of a date field, read in UTC (date fields hold midnight UTC). */
  day: Intl.DateTimeFormat
  /** A moment of a datetime field, in the reader's zone. */
  moment: Intl.DateTimeFormat
  /** A day in a list of settings: "28 Nov 2026". */
  mediumDay: Intl.DateTimeFormat
  number: Intl.NumberFormat
  /** Country names by ISO 3166-1 code. */
  region: Intl.DisplayNames
}

const byLanguage = new Map<string, Formats>()

export function formats(language: string): Formats {
  let f = byLanguage.get(language)
  if (!f) {
    f = {
      when: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
      day: new Intl.DateTimeFormat(language, { timeZone: 'UTC' }),
      moment: new Intl.DateTimeFormat(language, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }),
      mediumDay: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
      number: new Intl.NumberFormat(language),
      region: new Intl.DisplayNames([language], { type: 'region' }),
    }
    byLanguage.set(language, f)
  }
  return f
}
