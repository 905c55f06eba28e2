/**
 * The administration area's tabs: one link per screen of the current workspace's settings. Webhooks, the
 * audit trail and automations are shown only to those holding their capability (the server
 * refuses everyone else).
 */
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { useSession } from '../../api/app-context'
import { paths } from '../../routes'
import { useMyStanding } from './data'

export function AdminTabs() {
  const { t } = useTranslation()
  const { cid } = useSession()!
  const standing = useMyStanding()
  const can = (capability: string) => standing.data?.can(capability) ?? false
  const tabs = [
    [paths.workspaceSettings(cid), t('admin.tabs.general')],
    [paths.adminMembers(cid), t('admin.tabs.members')],
    [paths.adminTeams(cid), t('admin.tabs.teams')],
    [paths.adminRoles(cid), t('admin.tabs.roles')],
    [paths.adminWorkflows(cid), t('admin.tabs.workflows')],
    [paths.adminLicense(cid), t('admin.tabs.license')],
    ...(can('webhooks.manage') ? [[paths.adminWebhooks(cid), t('admin.tabs.webhooks')] as const] : []),
    ...(can('audit.read') ? [[paths.adminAudit(cid), t('admin.tabs.audit')] as const] : []),
    ...(can('automations.manage') ? [[paths.adminAutomations(cid), t('admin.tabs.automations')] as const] : []),
  ]
  return (
    <nav className="tabs" aria-label={t('admin.tabs.label')}>
      {tabs.map(([to, label], i) => (
        <NavLink key={to} to={to} end={i === 0}>
          {label}
        </NavLink>
      ))}
    </nav>
  )
}
