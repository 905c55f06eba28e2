/**
 * A workflow as a month calendar by one of its date fields (chosen above the grid; `?field=` and
 * `?month=YYYY-MM` in the address), live: each day lists the activities whose value falls on it,
 * linked to the activity. Ranges show on each of their days.
 */
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import { BOARD_LIMIT, boardQuery, type Activity } from '../board/activities'
import type { ViewProps } from '../workflow/views'
import { DATE_TYPES, daysOf, monthDays, monthOf, monthText, shiftMonth, type Day } from './month'

export default function Calendar({ workflow }: ViewProps) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const [params, setParams] = useSearchParams()
  const dateFields = Object.values(workflow.fields ?? {}).filter((f) => DATE_TYPES.includes(f.type))
  const field = dateFields.find((f) => f._id === params.get('field')) ?? dateFields[0]
  const { year, month } = monthOf(params.get('month'))
  // The board's query: switching between the board and the calendar shows the same activities at once.
  const query = boardQuery(app.client, workflow._id)
  const activities = useLive(query.key, query.load, query.rules)
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) next.set(k, v)
    setParams(next, { replace: true })
  }

  const byDay = useMemo(() => {
    const map = new Map<Day, Activity[]>()
    if (!field) return map
    for (const a of activities.data ?? []) {
      const value = a.fields.find((f) => f._id === field._id)?.value
      for (const day of daysOf(value, field.type)) map.set(day, [...(map.get(day) ?? []), a])
    }
    return map
  }, [activities.data, field])

  if (!field) return <p className="muted">{t('calendar.noDateField')}</p>
  const days = monthDays(year, month)
  const lang = i18n.language
  const title = new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const weekdays = days.slice(0, 7).map((d) => new Date(`${d}T00:00:00Z`).toLocaleDateString(lang, { weekday: 'short', timeZone: 'UTC' }))
  const go = (by: number) => {
    const m = shiftMonth(year, month, by)
    set({ month: monthText(m.year, m.month) })
  }
  const today = new Date()
  const todayText = monthText(today.getFullYear(), today.getMonth() + 1) + `-${String(today.getDate()).padStart(2, '0')}`

  return (
    <div className="calendar-view" aria-busy={activities.loading || undefined}>
      <div className="calendar-bar">
        <div className="field">
          <label htmlFor="calendar-field">{t('calendar.field')}</label>
          <select id="calendar-field" value={field._id} onChange={(e) => set({ field: e.target.value })}>
            {dateFields.map((f) => (
              <option key={f._id} value={f._id}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" onClick={() => go(-1)}>
          {t('calendar.previous')}
        </button>
        <h2 aria-live="polite">{title}</h2>
        <button type="button" className="button" onClick={() => go(1)}>
          {t('calendar.next')}
        </button>
      </div>
      {activities.error ? <ErrorLine message={problemOf(activities.error).message} /> : null}
      {(activities.data?.length ?? 0) >= BOARD_LIMIT ? <p className="hint">{t('board.limited', { count: BOARD_LIMIT })}</p> : null}
      <ol className="month" aria-label={title}>
        {weekdays.map((w) => (
          <li key={w} className="weekday" aria-hidden="true">
            {w}
          </li>
        ))}
        {days.map((day) => {
          const list = byDay.get(day) ?? []
          const inMonth = day.startsWith(monthText(year, month))
          const label = new Date(`${day}T00:00:00Z`).toLocaleDateString(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
          return (
            <li key={day} className={['day', inMonth ? '' : 'other', day === todayText ? 'today' : ''].join(' ')} data-day={day}>
              <h3 aria-label={label}>{Number(day.slice(8))}</h3>
              {list.length ? (
                <ul aria-label={t('calendar.on', { day: label })}>
                  {list.map((a) => (
                    <li key={a._id}>
                      <Link to={paths.activity(session.cid, a._id)}>{a.name}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
