/**
 * An activity's history as a person reads it: newest first, each change with who made it, when,
 * what (a field by its label, the name, the phase, the ball…), from what and to what. Values are
 * shown as the form shows them (people and teams by name, dates in the page's language).
 * Live: a change, move or ball pass of this activity loads it again.
 */
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import type { Activity } from '../board/activities'
import type { Workflow } from '../workflow/workflows'
import { formatValue } from './Activity'
import { formats } from '../../ui/formats'

interface Entry {
  _id: string
  uid: string
  at: number
  kind: 'created' | 'updated' | 'phase' | 'ball' | 'removed' | 'recovered'
  changes: Record<string, unknown>
}

interface Change {
  what: string
  from: string
  to: string
}

const HISTORY_SIGNALS = ['v3.activity.updated', 'v3.activity.phase', 'v3.activity.ball', 'v3.activity.recovered']

export function History({ activity, workflow, names }: { activity: Activity; workflow: Workflow; names: Map<string, string> }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const history = useLive(
    `history:${activity._id}`,
    async () => (await app.client.call('v3.activity.timeline2', { activityId: activity._id, limit: 100 })) as unknown as Entry[],
    HISTORY_SIGNALS.map((sig) => ({ sig, when: (m: { _id?: string; ids?: string[] }) => m._id === activity._id || !!m.ids?.includes(activity._id) })),
  )
  const when = formats(i18n.language).when
  const named = (v: unknown) => (typeof v === 'string' ? (names.get(v) ?? v) : '')
  const phase = (v: unknown) => (typeof v === 'string' ? (workflow.phases[v]?.name ?? v) : '')

  /** The readable changes of one entry. */
  const changesOf = (entry: Entry): Change[] => {
    const c = entry.changes as Record<string, { from?: unknown; to?: unknown } | undefined>
    const out: Change[] = []
    const fields = (c.fields ?? {}) as Record<string, { from: unknown; to: unknown }>
    for (const [id, { from, to }] of Object.entries(fields)) {
      const field = workflow.fields[id]
      out.push({
        what: field?.label ?? t('history.unknownField'),
        from: field ? formatValue(field, from, names) : JSON.stringify(from),
        to: field ? formatValue(field, to, names) : JSON.stringify(to),
      })
    }
    if (c.name) out.push({ what: t('activity.name'), from: String(c.name.from ?? ''), to: String(c.name.to ?? '') })
    if (c.phase) out.push({ what: t('activity.phase'), from: phase(c.phase.from), to: phase(c.phase.to) })
    if (c.ball) out.push({ what: t('ball.title'), from: named(c.ball.from), to: named(c.ball.to) })
    if (c.teamId) out.push({ what: t('history.team'), from: named(c.teamId.from), to: named(c.teamId.to) })
    if (c.priority) out.push({ what: t('history.priority'), from: String(c.priority.from ?? ''), to: String(c.priority.to ?? '') })
    if (c.files) {
      const count = (v: unknown) => t('files.count', { count: Array.isArray(v) ? v.length : 0 })
      out.push({ what: t('files.title'), from: count(c.files.from), to: count(c.files.to) })
    }
    if (c.location) out.push({ what: t('history.location'), from: JSON.stringify(c.location.from ?? ''), to: JSON.stringify(c.location.to ?? '') })
    return out
  }

  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      {history.error && !history.data ? <ErrorLine message={problemOf(history.error).message} /> : null}
      {!history.data ? (
        <p className="muted">{t('common.loading')}</p>
      ) : !history.data.length ? (
        <p className="muted">{t('history.none')}</p>
      ) : (
        <ol className="history-list">
          {history.data.map((entry) => {
            const changes = changesOf(entry)
            return (
              <li key={entry._id}>
                <p>
                  <strong>{named(entry.uid) || t('history.someone')}</strong> {t(`history.kind.${entry.kind}`)}{' '}
                  <time dateTime={new Date(entry.at).toISOString()}>{when.format(entry.at)}</time>
                </p>
                {entry.kind === 'updated' || entry.kind === 'phase' || entry.kind === 'ball' ? (
                  <ul>
                    {changes.map((c, i) => (
                      <li key={i}>{t('history.change', { what: c.what, from: c.from || t('activity.empty'), to: c.to || t('activity.empty') })}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
