/**
 * The workspace's license, read-only: its type and each quota (a quota the license does not name is
 * unlimited; absent features are on). A server administrator sets it (scripts/set-license.ts); a
 * change shows at once (network.license.updated).
 */
import { useTranslation } from 'react-i18next'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { ErrorLine } from '../../ui/controls'
import { AdminTabs } from './AdminTabs'
import { type License, useWorkspaceRecord } from './data'
import { formatDate } from './fields'
import { formats } from '../../ui/formats'

const QUOTAS = ['users', 'processes', 'datasets', 'activities', 'calendars', 'modules'] as const
const FEATURES = ['functionFields', 'indexedData'] as const

export default function LicenseScreen() {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const { cid } = useSession()!
  const license = useLive(`admin:license:${cid}`, async () => (await app.client.call('v2.network.license.get')) as unknown as License, [
    { sig: 'network.license.updated' },
  ])
  const workspace = useWorkspaceRecord()
  const number = formats(i18n.language).number
  const l = license.data
  return (
    <>
      <AdminTabs />
      <h1>{t('admin.license.title')}</h1>
      <ErrorLine message={license.error ? String(license.error) : null} />
      {l ? (
        <dl className="facts">
          <div className="fact">
            <dt>{t('admin.license.type')}</dt>
            <dd data-testid="license-type">{l.type ? t(`admin.license.types.${l.type}`, { defaultValue: l.type }) : t('admin.license.types.free')}</dd>
          </div>
          <div className="fact">
            <dt>{t('admin.license.activated')}</dt>
            <dd>{formatDate(l.activated, i18n.language)}</dd>
          </div>
          {QUOTAS.map((q) => (
            <div key={q} className="fact">
              <dt>{t(`admin.license.quota.${q}`)}</dt>
              <dd>
                {typeof l[q] === 'number' ? number.format(l[q]) : t('admin.license.unlimited')}
                {q === 'users' && workspace.data ? <span className="muted"> {t('admin.license.inUse', { count: workspace.data.members.length })}</span> : null}
              </dd>
            </div>
          ))}
          {FEATURES.map((f) => (
            <div key={f} className="fact">
              <dt>{t(`admin.license.feature.${f}`)}</dt>
              <dd>{l[f] === false ? t('admin.license.off') : t('admin.license.on')}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="muted">{t('admin.license.readOnly')}</p>
    </>
  )
}
