/**
 * The workspace's outbound webhooks (capability webhooks.manage, docs/guides/webhooks.md): each
 * posts the workspace's events (all, or the chosen signals of the chosen workflows) to a URL,
 * signed with a secret shown once when it is made or rotated. Each webhook is edited, paused and
 * resumed, tested, and its delivery attempts listed, with a redelivery from any event. A phase's
 * webhook is listed too, but set in the phase's settings. Webhooks send no signal when changed, so
 * the list loads again after each action here.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { WEBHOOK_SIGNALS, type ResultOf } from '../../../../client'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { Button, ErrorLine, ShownOnce, TextField } from '../../ui/controls'
import { problemAt, problemElsewhere } from '../../ui/errors'
import { SignalName } from '../../ui/CodeName'
import { formats } from '../../ui/formats'
import { useAction } from '../../ui/useAction'
import { listWorkflows, type WorkflowListed } from '../workflow/workflows'
import { AdminTabs } from './AdminTabs'
import { useMyStanding } from './data'
import { CheckField, usePending } from './fields'

type Webhook = ResultOf<'v3.webhook.list'>[number]
type Attempt = ResultOf<'v3.webhook.deliveries'>[number]

/** While the deliveries are shown they are read again this often: attempts are recorded in batches, soon after. */
const DELIVERIES_REFRESH_MS = 2000

export default function WebhooksScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const standing = useMyStanding()
  const allowed = standing.data?.can('webhooks.manage')
  const hooks = useLive(`admin:webhooks:${cid}:${allowed}`, async () => (allowed ? await app.client.call('v3.webhook.list', cid) : []), [
    { sig: 'webhook.disabled' },
  ])
  const workflows = useLive(`workflows:${cid}`, () => listWorkflows(app.client), [
    { sig: 'process.created' },
    { sig: 'process.updated' },
    { sig: 'process.removed' },
  ])
  return (
    <>
      <AdminTabs />
      <h1>{t('admin.webhooks.title')}</h1>
      <p className="muted">{t('admin.webhooks.intro')}</p>
      {standing.data && !allowed ? <p role="alert">{t('admin.webhooks.notAllowed')}</p> : null}
      <ErrorLine message={hooks.error ? String(hooks.error) : null} />
      {allowed && hooks.data && !hooks.data.length ? <p className="muted">{t('admin.webhooks.none')}</p> : null}
      <ul className="cards">
        {(hooks.data ?? []).map((hook) => (
          <li key={hook._id} className="card member" aria-label={hook.url}>
            <WebhookCard hook={hook} workflows={workflows.data ?? []} reload={hooks.reload} />
          </li>
        ))}
      </ul>
      {allowed ? (
        <section aria-labelledby="new-webhook">
          <h2 id="new-webhook">{t('admin.webhooks.new')}</h2>
          <WebhookForm workflows={workflows.data ?? []} reload={hooks.reload} />
        </section>
      ) : null}
    </>
  )
}

/** Names for ids: a workflow removed since shows its id. */
const workflowNames = (ids: string[], workflows: WorkflowListed[]) => ids.map((id) => workflows.find((w) => w._id === id)?.name ?? id).join(', ')

function WebhookCard({ hook, workflows, reload }: { hook: Webhook; workflows: WorkflowListed[]; reload: () => Promise<void> }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const [editing, setEditing] = useState(false)
  const [showDeliveries, setShowDeliveries] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const [enabled, changeEnabled] = usePending(hook.enabled)
  const when = (ms: number) => formats(i18n.language).when.format(ms)
  const toggle = useAction(async (on: boolean) =>
    changeEnabled(on, async () => {
      await app.client.call('v3.webhook.update', hook._id, { enabled: on })
      await reload()
    }),
  )
  const rotate = useAction(async () => {
    const rotated = await app.client.call('v3.webhook.rotateSecret', hook._id)
    setSecret(rotated.secret ?? null)
  })
  const [testSeq, setTestSeq] = useState<number | null>(null)
  const test = useAction(async () => {
    setTestSeq(await app.client.call('v3.webhook.test', hook._id))
    setShowDeliveries(true)
  })
  const remove = useAction(async () => {
    await app.client.call('v3.webhook.remove', hook._id)
    await reload()
  })
  const state = !hook.enabled
    ? t('admin.webhooks.state.disabled', { reason: hook.disabledReason ?? '' })
    : hook.failing
      ? t('admin.webhooks.state.failing', { since: when(hook.failing.since), count: hook.failing.attempts, next: when(hook.failing.nextAttempt) })
      : t('admin.webhooks.state.ok')
  const phaseWorkflow = hook.phase ? workflowNames([hook.phase.processId], workflows) : null
  return (
    <>
      <strong className="wrap-anywhere">{hook.url}</strong>
      {hook.description ? <p>{hook.description}</p> : null}
      <dl className="facts">
        <div className="fact">
          <dt>{t('admin.webhooks.events')}</dt>
          <dd className="wrap-anywhere">
            {hook.events?.length ? (
              <ul className="plain">
                {hook.events.map((s) => (
                  <li key={s}>
                    <SignalName code={s} />
                  </li>
                ))}
              </ul>
            ) : (
              t('admin.webhooks.allEvents')
            )}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('admin.webhooks.workflows')}</dt>
          <dd>
            {phaseWorkflow
              ? t('admin.webhooks.ofPhase', { workflow: phaseWorkflow })
              : hook.processIds?.length
                ? workflowNames(hook.processIds, workflows)
                : t('admin.webhooks.allWorkflows')}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('admin.webhooks.lastDelivery')}</dt>
          <dd data-testid="webhook-state">{state}</dd>
        </div>
      </dl>
      {secret ? <ShownOnce title={t('admin.webhooks.secretTitle')} value={secret} testId="webhook-secret" onDone={() => setSecret(null)} /> : null}
      <CheckField label={t('admin.webhooks.enabledOf', { url: hook.url })} checked={enabled} onChange={(e) => void toggle.run(e.target.checked)} />
      <div className="row">
        {hook.phase ? null : (
          <Button className="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {t('admin.webhooks.edit')}
          </Button>
        )}
        <Button className="secondary" busy={test.busy} onClick={() => void test.run()}>
          {t('admin.webhooks.test')}
        </Button>
        <Button className="secondary" aria-expanded={showDeliveries} onClick={() => setShowDeliveries(!showDeliveries)}>
          {t('admin.webhooks.deliveries')}
        </Button>
        <Button className="secondary" busy={rotate.busy} onClick={() => void rotate.run()}>
          {t('admin.webhooks.rotate')}
        </Button>
        {hook.phase ? null : (
          <Button className="danger" busy={remove.busy} onClick={() => void remove.run()} aria-label={t('admin.webhooks.removeNamed', { url: hook.url })}>
            {t('admin.webhooks.remove')}
          </Button>
        )}
      </div>
      <p role="status" className="status">
        {testSeq !== null ? t('admin.webhooks.testQueued', { seq: testSeq }) : ''}
      </p>
      <ErrorLine message={toggle.problem?.message ?? rotate.problem?.message ?? test.problem?.message ?? remove.problem?.message} />
      {hook.phase ? <p className="muted">{t('admin.webhooks.phaseNote')}</p> : null}
      {editing ? <WebhookForm hook={hook} workflows={workflows} reload={reload} onSaved={() => setEditing(false)} /> : null}
      {showDeliveries ? <Deliveries hook={hook} reload={reload} /> : null}
    </>
  )
}

/** A webhook's settings; without `hook` it makes a new one and shows its secret once. */
function WebhookForm({ hook, workflows, reload, onSaved }: { hook?: Webhook; workflows: WorkflowListed[]; reload: () => Promise<void>; onSaved?: () => void }) {
  const { t } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const [url, setUrl] = useState(hook?.url ?? '')
  const [description, setDescription] = useState(hook?.description ?? '')
  const [events, setEvents] = useState<string[]>(hook?.events ?? [])
  const [processIds, setProcessIds] = useState<string[]>(hook?.processIds ?? [])
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null)
  const save = useAction(async () => {
    const settings = { url: url.trim(), description: description.trim() || undefined }
    if (hook) {
      // null clears a choice: every event, every workflow.
      await app.client.call('v3.webhook.update', hook._id, {
        ...settings,
        description: settings.description ?? null,
        events: events.length ? events : null,
        processIds: processIds.length ? processIds : null,
      })
      onSaved?.()
    } else {
      const made = await app.client.call('v3.webhook.create', cid, {
        ...settings,
        ...(events.length && { events }),
        ...(processIds.length && { processIds }),
      })
      setCreated({ url: made.url, secret: made.secret! })
      setUrl('')
      setDescription('')
      setEvents([])
      setProcessIds([])
    }
    await reload()
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run()
  }
  const pick = (list: string[], item: string, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item))
  const label = hook ? t('admin.webhooks.editOf', { url: hook.url }) : t('admin.webhooks.new')
  return (
    <>
      {created ? (
        <ShownOnce
          title={t('admin.webhooks.createdTitle', { url: created.url })}
          value={created.secret}
          testId="webhook-secret"
          onDone={() => setCreated(null)}
        />
      ) : null}
      <form onSubmit={submit} noValidate aria-label={label}>
        <TextField
          label={t('admin.webhooks.url')}
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          error={problemAt(save.problem, '/url')}
        />
        <TextField
          label={t('admin.webhooks.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={problemAt(save.problem, '/description')}
        />
        <fieldset>
          <legend>{t('admin.webhooks.workflowsPick')}</legend>
          {workflows.map((w) => (
            <CheckField
              key={w._id}
              label={w.name}
              checked={processIds.includes(w._id)}
              onChange={(e) => setProcessIds(pick(processIds, w._id, e.target.checked))}
            />
          ))}
          <ErrorLine message={problemAt(save.problem, '/processIds')} />
        </fieldset>
        <details open={events.length > 0}>
          <summary>{t('admin.webhooks.eventsPick', { count: events.length })}</summary>
          <fieldset className="columns">
            <legend>{t('admin.webhooks.events')}</legend>
            {WEBHOOK_SIGNALS.map((s) => (
              <CheckField key={s} label={<SignalName code={s} />} checked={events.includes(s)} onChange={(e) => setEvents(pick(events, s, e.target.checked))} />
            ))}
          </fieldset>
          <ErrorLine message={problemAt(save.problem, '/events')} />
        </details>
        <Button type="submit" busy={save.busy}>
          {hook ? t('admin.webhooks.save') : t('admin.webhooks.create')}
        </Button>
        <ErrorLine message={problemElsewhere(save.problem, '/url', '/description', '/processIds', '/events')} />
      </form>
    </>
  )
}

/** The webhook's delivery attempts, newest first, read again while shown; a redelivery from any event. */
function Deliveries({ hook, reload }: { hook: Webhook; reload: () => Promise<void> }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const attempts = useLive(
    `admin:webhook:deliveries:${hook._id}`,
    async () => {
      const all: Attempt[] = await app.client.call('v3.webhook.deliveries', hook._id, { limit: 1000 })
      return [...all].reverse()
    },
    [],
  )
  useEffect(() => {
    const timer = setInterval(() => void attempts.reload(), DELIVERIES_REFRESH_MS)
    return () => clearInterval(timer)
  }, [attempts.reload])
  const redeliver = useAction(async (seq: number) => {
    await app.client.call('v3.webhook.redeliver', hook._id, seq)
    await reload()
  })
  const when = formats(i18n.language).when
  const number = formats(i18n.language).number
  return (
    <section aria-label={t('admin.webhooks.deliveriesOf', { url: hook.url })}>
      <h3>{t('admin.webhooks.deliveries')}</h3>
      <ErrorLine message={redeliver.problem?.message ?? (attempts.error ? String(attempts.error) : null)} />
      {attempts.data && !attempts.data.length ? <p className="muted">{t('admin.webhooks.noDeliveries')}</p> : null}
      {attempts.data?.length ? (
        <div className="table-scroll">
          <table className="stacks">
            <thead>
              <tr>
                <th scope="col">{t('admin.webhooks.at')}</th>
                <th scope="col">{t('admin.webhooks.event')}</th>
                <th scope="col">{t('admin.webhooks.status')}</th>
                <th scope="col">{t('admin.webhooks.duration')}</th>
                <th scope="col">{t('admin.webhooks.error')}</th>
                <th scope="col">{t('admin.webhooks.response')}</th>
                <th scope="col">{t('admin.webhooks.redeliver')}</th>
              </tr>
            </thead>
            <tbody>
              {attempts.data.map((a) => (
                <tr key={`${a.seq}:${a.attempt}`} className={a.status !== null && a.status < 300 ? undefined : 'bad'}>
                  <td data-label={t('admin.webhooks.at')}>{when.format(a.at)}</td>
                  <td data-label={t('admin.webhooks.event')}>{t('admin.webhooks.eventAttempt', { seq: a.seq, attempt: a.attempt })}</td>
                  <td data-label={t('admin.webhooks.status')}>{a.status ?? '—'}</td>
                  <td data-label={t('admin.webhooks.duration')}>{t('admin.webhooks.ms', { ms: number.format(a.durationMs) })}</td>
                  <td data-label={t('admin.webhooks.error')}>{a.error ?? ''}</td>
                  <td data-label={t('admin.webhooks.response')}>{a.response ? <code className="excerpt">{a.response.slice(0, 200)}</code> : null}</td>
                  <td>
                    <Button
                      className="secondary"
                      busy={redeliver.busy}
                      onClick={() => void redeliver.run(a.seq)}
                      aria-label={t('admin.webhooks.redeliverFrom', { seq: a.seq })}
                    >
                      {t('admin.webhooks.redeliver')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
