/**
 * Who may see, add to, edit and administer each workflow. A workflow lists its members: the whole
 * workspace (guests aside), teams and people. Whoever is listed sees the workflow and adds
 * activities; the permissions say which activities they edit and move (any, their team's, their
 * own) and whether they administer it. Removing the whole workspace restricts the workflow to the
 * listed teams and people. Live: another administrator's change shows at once.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine } from '../../ui/controls'
import { useAction } from '../../ui/useAction'
import { listWorkflows } from '../workflow/workflows'
import { AdminTabs } from './AdminTabs'
import { personName, useTeams, useWorkspaceRecord } from './data'
import { CheckField, SelectField, usePending } from './fields'

const PERMISSIONS = ['admin', 'any', 'ownteam', 'own'] as const
type Permission = (typeof PERMISSIONS)[number]

interface Entry {
  id: string
  info: { type: 'network' | 'team' | 'user' | 'group'; name?: string | null }
  permissions: Permission[]
}

const WORKFLOW_RULES = [{ sig: 'process.created' }, { sig: 'process.updated' }, { sig: 'process.removed' }]

export default function WorkflowAccessScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const { workflowId } = useParams()
  const workflows = useLive(`workflows:${cid}`, () => listWorkflows(app.client), WORKFLOW_RULES)
  const chosen = workflows.data?.find((w) => w._id === workflowId)
  return (
    <>
      <AdminTabs />
      <h1>{t('admin.access.title')}</h1>
      <p className="muted">{t('admin.access.intro')}</p>
      <nav aria-label={t('admin.access.workflows')}>
        <ul className="plain row">
          {(workflows.data ?? []).map((w) => (
            <li key={w._id}>
              <Link to={paths.adminWorkflows(cid, w._id)} aria-current={w._id === workflowId ? 'page' : undefined}>
                {w.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {workflows.data && !workflows.data.length ? <p className="muted">{t('workflows.none')}</p> : null}
      {chosen ? <WorkflowMembers workflowId={chosen._id} name={chosen.name} /> : workflowId && workflows.data ? <p role="alert">{t('app.notFound')}</p> : null}
    </>
  )
}

function WorkflowMembers({ workflowId, name }: { workflowId: string; name: string }) {
  const { t } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const entries = useLive(`admin:access:${workflowId}`, async () => (await app.client.call('v2.process.member.list', workflowId)) as unknown as Entry[], [
    { sig: 'process.updated', when: (m) => m._id === workflowId },
  ])
  const teams = useTeams()
  const workspace = useWorkspaceRecord()
  // Whether the person administers this workflow (workspace owners and admins, its creator, an admin entry): else read-only.
  const { uid } = useSession()!
  const mine = useLive(
    `admin:administers:${workflowId}:${uid}`,
    async () => {
      const answer = (await app.client.call('v3.activity.permissions', uid, cid)) as unknown as Record<
        string,
        { workflows: Record<string, { administer: boolean } | null> }
      >
      return answer[uid].workflows[workflowId]?.administer ?? false
    },
    [{ sig: 'process.updated', when: (m) => m._id === workflowId }, { sig: 'network.role.changed' }],
  )
  const administer = mine.data ?? false
  const listed = new Set((entries.data ?? []).map((e) => e.id))
  const candidates = [
    { id: `network_${cid}`, label: t('admin.access.everyone') },
    ...(teams.data ?? []).map((team) => ({ id: `team_${team._id}`, label: t('admin.access.team', { name: team.name }) })),
    ...(workspace.data?.members ?? []).map((m) => ({ id: `user_${m.uid}`, label: personName(m) })),
  ].filter((c) => !listed.has(c.id))
  const [adding, setAdding] = useState('')
  const add = useAction(async () => {
    if (!adding) return
    await app.client.call('v2.process.member.add', workflowId, adding)
    setAdding('')
  })
  return (
    <section aria-labelledby="access-of">
      <h2 id="access-of">{t('admin.access.of', { name })}</h2>
      <ErrorLine message={entries.error ? String(entries.error) : null} />
      <ul className="cards">
        {(entries.data ?? []).map((entry) => (
          <EntryRow key={entry.id} workflowId={workflowId} entry={entry} reload={entries.reload} administer={administer} />
        ))}
      </ul>
      {administer && candidates.length ? (
        <div className="row">
          <SelectField label={t('admin.access.add')} value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">{t('admin.access.choose')}</option>
            {candidates.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <Button busy={add.busy} onClick={() => void add.run()}>
            {t('admin.access.addButton')}
          </Button>
        </div>
      ) : null}
      <ErrorLine message={add.problem?.message} />
    </section>
  )
}

function EntryRow({ workflowId, entry, reload, administer }: { workflowId: string; entry: Entry; reload: () => Promise<void>; administer: boolean }) {
  const { t } = useTranslation()
  const app = useApp()
  const label =
    entry.info.type === 'network'
      ? t('admin.access.everyone')
      : entry.info.type === 'team'
        ? t('admin.access.team', { name: entry.info.name ?? '?' })
        : (entry.info.name ?? '?')
  const [permissions, showPermissions] = usePending(entry.permissions)
  const toggle = useAction(async (permission: Permission, on: boolean) => {
    if (on) await app.client.call('v2.process.permissions.grant', workflowId, entry.id, permission)
    else await app.client.call('v2.process.permissions.deny', workflowId, entry.id, permission)
    await reload()
  })
  const flip = (permission: Permission, on: boolean) =>
    void showPermissions(on ? [...permissions, permission] : permissions.filter((p) => p !== permission), () => toggle.run(permission, on))
  const remove = useAction(async () => {
    await app.client.call('v2.process.member.remove', workflowId, entry.id)
  })
  const mayChange = administer && entry.info.type !== 'group'
  return (
    <li className="card" aria-label={label}>
      <strong>{label}</strong> <span className="muted">{t('admin.access.seesAndAdds')}</span>
      {mayChange ? (
        <fieldset aria-busy={toggle.busy || undefined}>
          <legend>{t('admin.access.permissionsOf', { name: label })}</legend>
          {PERMISSIONS.map((p) => (
            <CheckField key={p} label={t(`admin.access.permission.${p}`)} checked={permissions.includes(p)} onChange={(e) => flip(p, e.target.checked)} />
          ))}
        </fieldset>
      ) : (
        <p className="muted">{entry.permissions.map((p) => t(`admin.access.permission.${p}`)).join(', ')}</p>
      )}
      {administer ? (
        <Button
          className="secondary"
          busy={remove.busy}
          onClick={() => void remove.run()}
          aria-label={entry.info.type === 'network' ? undefined : t('admin.access.removeNamed', { name: label })}
        >
          {entry.info.type === 'network' ? t('admin.access.restrict') : t('admin.access.remove')}
        </Button>
      ) : null}
      <ErrorLine message={toggle.problem?.message ?? remove.problem?.message} />
    </li>
  )
}
