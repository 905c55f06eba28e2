/**
 * A workflow's automations (capability automations.manage, docs/guides/automations.md): its rules
 * with their trigger and actions in words, each turned on and off, edited, removed, and its run log
 * (what set it off, the outcome, each action's result), read again while shown. A rule that calls a
 * webhook is signed with a secret shown once when the rule is made. Automations send no signal when
 * changed, so the list loads again after each action here. Reached from the settings (per workflow)
 * and from a workflow's page.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine, ShownOnce } from '../../ui/controls'
import { SignalName } from '../../ui/CodeName'
import { formats } from '../../ui/formats'
import { useAction } from '../../ui/useAction'
import { usePeople } from '../activity/editors'
import { getWorkflow, listWorkflows, type Workflow } from '../workflow/workflows'
import { AdminTabs } from './AdminTabs'
import { actionKey, AutomationForm, type Action, type Automation, type Rule, type Trigger } from './AutomationForm'
import { useMyStanding } from './data'
import { CheckField, usePending } from './fields'

/** A rule as the operations take it: at least one action (the server says so when there is none, at the actions). */
const wire = (rule: Rule) => ({ ...rule, actions: rule.actions as [Action, ...Action[]] })

/** While a run log is shown it is read again this often: runs follow the changes within a moment. */
const RUNS_REFRESH_MS = 2000

export default function AutomationsScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const { workflowId } = useParams()
  const standing = useMyStanding()
  const allowed = standing.data?.can('automations.manage')
  const workflows = useLive(`workflows:${cid}`, () => listWorkflows(app.client), [
    { sig: 'process.created' },
    { sig: 'process.updated' },
    { sig: 'process.removed' },
  ])
  const chosen = workflows.data?.find((w) => w._id === workflowId)
  return (
    <>
      <AdminTabs />
      <h1>{t('admin.automations.title')}</h1>
      <p className="muted">{t('admin.automations.intro')}</p>
      {standing.data && !allowed ? <p role="alert">{t('admin.automations.notAllowed')}</p> : null}
      {allowed ? (
        <nav aria-label={t('admin.automations.workflows')}>
          <ul className="plain row">
            {(workflows.data ?? []).map((w) => (
              <li key={w._id}>
                <Link to={paths.adminAutomations(cid, w._id)} aria-current={w._id === workflowId ? 'page' : undefined}>
                  {w.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {allowed && chosen ? <WorkflowAutomations workflowId={chosen._id} /> : null}
      {allowed && workflowId && workflows.data && !chosen ? <p role="alert">{t('app.notFound')}</p> : null}
      {allowed && !workflowId ? <p className="muted">{t('admin.automations.choose')}</p> : null}
    </>
  )
}

function WorkflowAutomations({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const workflow = useLive(`workflow:${workflowId}`, () => getWorkflow(app.client, workflowId), [
    { sig: 'process.updated', when: (m) => m._id === workflowId },
    { sig: 'process.field.created', when: (m) => m.processId === workflowId },
    { sig: 'process.field.updated', when: (m) => m.processId === workflowId },
    { sig: 'process.field.removed', when: (m) => m.processId === workflowId },
  ])
  const rules = useLive(`admin:automations:${workflowId}`, () => app.client.call('v3.automation.list', cid, { processId: workflowId }), [])
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null)
  const create = useAction(async (rule: Rule) => {
    const made = await app.client.call('v3.automation.create', cid, { processId: workflowId, ...wire(rule) })
    // The secret signs the rule's webhook calls: shown once, when the rule has one to sign.
    if (made.secret && rule.actions.some((a) => a.type === 'webhook')) setSecret({ name: made.name, secret: made.secret })
    await rules.reload()
    return true
  })
  const wf = workflow.data
  if (!wf) return <ErrorLine message={workflow.error ? String(workflow.error) : null} />
  return (
    <section aria-labelledby="automations-of">
      <h2 id="automations-of">{t('admin.automations.of', { workflow: wf.name })}</h2>
      <ErrorLine message={rules.error ? String(rules.error) : null} />
      {rules.data && !rules.data.length ? <p className="muted">{t('admin.automations.none')}</p> : null}
      <ul className="cards">
        {(rules.data ?? []).map((rule) => (
          <li key={rule._id} className="card member" aria-label={rule.name}>
            <RuleCard rule={rule} workflow={wf} reload={rules.reload} />
          </li>
        ))}
      </ul>
      <h3>{t('admin.automations.new')}</h3>
      {secret ? (
        <ShownOnce
          title={t('admin.automations.secretTitle', { name: secret.name })}
          value={secret.secret}
          testId="automation-secret"
          onDone={() => setSecret(null)}
        />
      ) : null}
      <AutomationForm
        workflow={wf}
        label={t('admin.automations.new')}
        submitLabel={t('admin.automations.create')}
        busy={create.busy}
        problem={create.problem}
        onEdit={create.clear}
        onSubmit={async (rule) => (await create.run(rule)) ?? false}
      />
    </section>
  )
}

/** A rule in words: "When … then: …; …". */
function useDescribe(workflow: Workflow) {
  const { t } = useTranslation()
  const people = usePeople()
  const person = (id: string) => people.find((p) => p.id === id)?.name ?? id
  const phase = (id: string) => workflow.phases[id]?.name ?? id
  const field = (id: string) => workflow.fields[id]?.label ?? id
  const value = (v: unknown) => (v === null ? t('admin.automations.empty') : typeof v === 'string' ? v : JSON.stringify(v))
  const trigger = (tr: Trigger) => {
    switch (tr.type) {
      case 'activity.created':
        return t('admin.automations.says.created')
      case 'phase.entered':
        return t('admin.automations.says.entered', { phase: phase(tr.phaseId) })
      case 'field.changed':
        return 'value' in tr
          ? t('admin.automations.says.changedTo', { field: field(tr.fieldId), value: value(tr.value) })
          : t('admin.automations.says.changed', { field: field(tr.fieldId) })
      case 'ball.passed':
        return tr.to ? t('admin.automations.says.ballTo', { person: person(tr.to) }) : t('admin.automations.says.ball')
    }
  }
  const action = (a: Action) => {
    switch (a.type) {
      case 'move':
        return t('admin.automations.says.move', { phase: phase(a.phaseId) })
      case 'setFields':
        return t('admin.automations.says.setFields', {
          values: Object.entries(a.fields)
            .map(([id, v]) => `${field(id)} = ${value(v)}`)
            .join(', '),
        })
      case 'passBall':
        return t('admin.automations.says.passBall', { person: person(a.userId) })
      case 'addFollowers':
        return t('admin.automations.says.addFollowers', { people: a.userIds.map(person).join(', ') })
      case 'post':
        return t('admin.automations.says.post', { subject: a.subject })
      case 'mail':
        return t('admin.automations.says.mail', { to: a.to === 'ballHolder' ? t('admin.automations.ballHolder') : person(a.to), subject: a.subject })
      case 'webhook':
        return t('admin.automations.says.webhook', { url: a.url })
    }
  }
  return { trigger, action }
}

function RuleCard({ rule, workflow, reload }: { rule: Automation; workflow: Workflow; reload: () => Promise<void> }) {
  const { t } = useTranslation()
  const app = useApp()
  const describe = useDescribe(workflow)
  const [editing, setEditing] = useState(false)
  const [showRuns, setShowRuns] = useState(false)
  const [enabled, changeEnabled] = usePending(rule.enabled)
  const toggle = useAction(async (on: boolean) =>
    changeEnabled(on, async () => {
      await app.client.call('v3.automation.update', rule._id, { enabled: on })
      await reload()
    }),
  )
  const save = useAction(async (changed: Rule) => {
    await app.client.call('v3.automation.update', rule._id, wire(changed))
    await reload()
    setEditing(false)
    return true
  })
  const remove = useAction(async () => {
    await app.client.call('v3.automation.remove', rule._id)
    await reload()
  })
  return (
    <>
      <strong>{rule.name}</strong>
      <p>
        {t('admin.automations.says.when', { trigger: describe.trigger(rule.trigger) })}{' '}
        {rule.actions.length ? t('admin.automations.says.then', { actions: rule.actions.map(describe.action).join('; ') }) : t('admin.automations.noActions')}
      </p>
      <CheckField label={t('admin.automations.enabledOf', { name: rule.name })} checked={enabled} onChange={(e) => void toggle.run(e.target.checked)} />
      <div className="row">
        <Button className="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {t('admin.automations.edit')}
        </Button>
        <Button className="secondary" aria-expanded={showRuns} onClick={() => setShowRuns(!showRuns)}>
          {t('admin.automations.runs')}
        </Button>
        <Button className="danger" busy={remove.busy} onClick={() => void remove.run()} aria-label={t('admin.automations.removeNamed', { name: rule.name })}>
          {t('admin.automations.remove')}
        </Button>
      </div>
      <ErrorLine message={toggle.problem?.message ?? remove.problem?.message} />
      {editing ? (
        <AutomationForm
          workflow={workflow}
          rule={{ name: rule.name, trigger: rule.trigger, actions: rule.actions }}
          label={t('admin.automations.editOf', { name: rule.name })}
          submitLabel={t('admin.automations.save')}
          busy={save.busy}
          problem={save.problem}
          onEdit={save.clear}
          onSubmit={async (changed) => (await save.run(changed)) ?? false}
        />
      ) : null}
      {showRuns ? <Runs rule={rule} /> : null}
    </>
  )
}

function Runs({ rule }: { rule: Automation }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const runs = useLive(
    `admin:automation:runs:${rule._id}`,
    async () => [...(await app.client.call('v3.automation.runs', rule._id, { limit: 1000 }))].reverse(),
    [],
  )
  useEffect(() => {
    const timer = setInterval(() => void runs.reload(), RUNS_REFRESH_MS)
    return () => clearInterval(timer)
  }, [runs.reload])
  const when = formats(i18n.language).when
  return (
    <section aria-label={t('admin.automations.runsOf', { name: rule.name })}>
      <h4>{t('admin.automations.runs')}</h4>
      <ErrorLine message={runs.error ? String(runs.error) : null} />
      {runs.data && !runs.data.length ? <p className="muted">{t('admin.automations.noRuns')}</p> : null}
      {runs.data?.length ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t('admin.automations.runsOf', { name: rule.name })}>
          <table className="stacks">
            <thead>
              <tr>
                <th scope="col">{t('admin.automations.at')}</th>
                <th scope="col">{t('admin.automations.event')}</th>
                <th scope="col">{t('admin.automations.activity')}</th>
                <th scope="col">{t('admin.automations.outcome')}</th>
                <th scope="col">{t('admin.automations.actionsDone')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => (
                <tr key={run.seq} className={run.outcome === 'failed' ? 'bad' : undefined}>
                  <td data-label={t('admin.automations.at')}>{when.format(run.at)}</td>
                  <td data-label={t('admin.automations.event')}>
                    <SignalName code={run.event} />
                  </td>
                  <td data-label={t('admin.automations.activity')}>
                    {run.activityId ? <Link to={paths.activity(cid, run.activityId)}>{t('admin.automations.open')}</Link> : '—'}
                  </td>
                  <td data-label={t('admin.automations.outcome')}>
                    {t(`admin.automations.outcomes.${run.outcome}`)}
                    {run.error ? `: ${run.error}` : ''}
                  </td>
                  <td data-label={t('admin.automations.actionsDone')}>
                    {run.actions
                      .map((a) => `${t(actionKey(a.type), { defaultValue: a.type })} ${a.ok ? '✓' : '✗'}${a.detail ? ` (${a.detail})` : ''}`)
                      .join('; ')}
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
