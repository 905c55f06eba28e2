/**
 * The workspace's audit trail (capability audit.read, docs/guides/audit.md): who did which
 * administrative act, when, from where, to what, with the state before and after; filtered by
 * actor, kind and a first day, read in pages oldest first (the next page after the last entry's
 * time and id), and downloaded whole as CSV with the same filters. The trail sends no signal: the
 * first page is read when the filters change, and again on Refresh.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AUDIT_KIND_NAMES, auditCsv, type ResultOf } from '../../../../client'
import { useApp, useSession } from '../../api/app-context'
import { AuditKindName } from '../../ui/CodeName'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { formats } from '../../ui/formats'
import { save } from '../../ui/save'
import { useAction } from '../../ui/useAction'
import { auditKindKey } from '../../i18n/codes'
import { AdminTabs } from './AdminTabs'
import { changes, type Shown } from './changes'
import { personName, useMyStanding, useWorkspaceRecord } from './data'
import { SelectField } from './fields'

type Entry = ResultOf<'v3.audit.list'>[number]

const PAGE = 50

interface Filters {
  actor: string
  kind: string
  /** yyyy-mm-dd, the first day shown (from its local midnight), or ''. */
  from: string
}

/** The query of v3.audit.list and the CSV: a day's local midnight less one ms, as entries are "after" afterTs. */
const queryOf = (f: Filters) => ({
  ...(f.actor && { actor: f.actor }),
  ...(f.kind && { kind: f.kind }),
  ...(f.from && { afterTs: new Date(`${f.from}T00:00:00`).getTime() - 1 }),
})

export default function AuditScreen() {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const standing = useMyStanding()
  const allowed = standing.data?.can('audit.read')
  const workspace = useWorkspaceRecord()
  const members = workspace.data?.members ?? []
  const nameOf = (uid: string | null) => (uid ? personName(members.find((m) => m.uid === uid) ?? {}) : t('admin.audit.noActor'))
  const [filters, setFilters] = useState<Filters>({ actor: '', kind: '', from: '' })
  const [entries, setEntries] = useState<Entry[] | null>(null)
  const [more, setMore] = useState(false)
  const read = useAction(async (after?: Entry) => {
    const query = queryOf(filters)
    const page = await app.client.call('v3.audit.list', cid, {
      ...query,
      ...(after && { afterTs: after.ts, afterId: after._id }),
      limit: PAGE,
    })
    setEntries((shown) => (after ? [...(shown ?? []), ...page] : page))
    setMore(page.length === PAGE)
  })
  useEffect(() => {
    if (allowed) void read.run()
  }, [allowed, filters.actor, filters.kind, filters.from])
  const csv = useAction(async () => {
    const { blob, name } = await auditCsv(app.client, cid, queryOf(filters))
    save(blob, name)
  })
  const when = formats(i18n.language).when
  const set = (change: Partial<Filters>) => setFilters({ ...filters, ...change })
  return (
    <>
      <AdminTabs />
      <h1>{t('admin.audit.title')}</h1>
      <p className="muted">{t('admin.audit.intro')}</p>
      {standing.data && !allowed ? <p role="alert">{t('admin.audit.notAllowed')}</p> : null}
      {allowed ? (
        <>
          <form className="inline" aria-label={t('admin.audit.filters')} onSubmit={(e) => e.preventDefault()}>
            <SelectField label={t('admin.audit.actor')} value={filters.actor} onChange={(e) => set({ actor: e.target.value })}>
              <option value="">{t('admin.audit.anyone')}</option>
              {members.map((m) => (
                <option key={m.uid} value={m.uid}>
                  {personName(m)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('admin.audit.kind')} value={filters.kind} onChange={(e) => set({ kind: e.target.value })}>
              <option value="">{t('admin.audit.anyKind')}</option>
              {AUDIT_KIND_NAMES.map((k) => (
                <option key={k} value={k}>
                  {t(auditKindKey(k), { defaultValue: k })}
                </option>
              ))}
            </SelectField>
            <TextField label={t('admin.audit.from')} type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
            <Button className="secondary" busy={read.busy} onClick={() => void read.run()}>
              {t('admin.audit.refresh')}
            </Button>
            <Button busy={csv.busy} onClick={() => void csv.run()}>
              {t('admin.audit.csv')}
            </Button>
          </form>
          <ErrorLine message={read.problem?.message ?? csv.problem?.message} />
          {entries && !entries.length ? <p className="muted">{t('admin.audit.none')}</p> : null}
          {entries?.length ? (
            // The table may scroll sideways: the keyboard reaches it (tabIndex) to scroll it. On a phone each row is a card.
            <div className="table-scroll" tabIndex={0} role="region" aria-label={t('admin.audit.title')}>
              <table className="stacks">
                <caption className="muted">{t('admin.audit.shown', { count: entries.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.audit.at')}</th>
                    <th scope="col">{t('admin.audit.kind')}</th>
                    <th scope="col">{t('admin.audit.actor')}</th>
                    <th scope="col">{t('admin.audit.target')}</th>
                    <th scope="col">{t('admin.audit.address')}</th>
                    <th scope="col">{t('admin.audit.change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e._id}>
                      <td data-label={t('admin.audit.at')}>{when.format(e.ts)}</td>
                      <td data-label={t('admin.audit.kind')}>
                        <AuditKindName code={e.kind} />
                      </td>
                      <td data-label={t('admin.audit.actor')}>
                        {nameOf(e.actor)}
                        {e.apiKey ? <span className="muted"> {t('admin.audit.withKey')}</span> : null}
                      </td>
                      <td data-label={t('admin.audit.target')}>
                        {e.target.kind} <code>{e.target.id}</code>
                      </td>
                      <td data-label={t('admin.audit.address')}>{e.address ?? '—'}</td>
                      <td data-label={t('admin.audit.change')}>
                        <Changes before={e.before} after={e.after} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {more && entries?.length ? (
            <Button className="secondary" busy={read.busy} onClick={() => void read.run(entries[entries.length - 1])}>
              {t('admin.audit.more')}
            </Button>
          ) : null}
        </>
      ) : null}
    </>
  )
}

/** The keys an entry changed: "key: before → after", a key on one side only marked added or removed. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation()
  const list = changes(before, after)
  if (!list.length) return <>—</>
  return (
    <ul className="changes">
      {list.map((c) => (
        <li key={c.key}>
          <code>{c.key}</code>:{' '}
          {c.before && c.after ? (
            <>
              <Value shown={c.before} /> → <Value shown={c.after} />
            </>
          ) : c.after ? (
            <>
              <Value shown={c.after} /> <span className="muted">({t('admin.audit.added')})</span>
            </>
          ) : (
            <>
              <Value shown={c.before!} /> <span className="muted">({t('admin.audit.removed')})</span>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}

const Value = ({ shown }: { shown: Shown }) => <span title={shown.whole}>{shown.text}</span>
