/**
 * The frame of every signed-in screen: the current workspace (always visible, with a switcher), the
 * main links, the connection state, the language, and signing out. The workspace in the address is
 * made the session's current one before the screen runs its calls.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation, useParams } from 'react-router'
import { HeaderLinks } from '../screens/notifications/HeaderLinks'
import { signOut, switchWorkspace, useApp, useSession } from '../api/app-context'
import { LANGUAGES, setLanguage, type Language } from '../i18n'
import { paths } from '../routes'
import { Button, ErrorLine } from '../ui/controls'
import { problemOf } from '../ui/errors'
import { useAction } from '../ui/useAction'
import { useConnectionState } from './connection-state'
import { useWorkspaces } from './workspaces'

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const { workspaceId } = useParams()
  const [switchProblem, setSwitchProblem] = useState<string | null>(null)
  const inWorkspace = workspaceId ?? session.cid
  const ready = !workspaceId || workspaceId === session.cid
  const workspaces = useWorkspaces()
  const current = workspaces.data?.find((w) => w._id === inWorkspace)
  // The switcher closes once the person went somewhere.
  const [switcherOpen, setSwitcherOpen] = useState(false)
  const { pathname } = useLocation()
  useEffect(() => setSwitcherOpen(false), [pathname])
  // A workspace just made or joined is not in the list yet (no signal reaches a socket for a workspace it did not hear): load it again.
  const listed = !workspaces.data || !!current
  useEffect(() => {
    if (!listed && ready) void workspaces.reload()
  }, [listed, ready, inWorkspace])

  useEffect(() => {
    if (ready) return
    setSwitchProblem(null)
    switchWorkspace(app, workspaceId!).catch((err) => setSwitchProblem(problemOf(err).message))
  }, [app, ready, workspaceId])

  const leave = useAction(() => signOut(app))

  return (
    <>
      <a className="skip" href="#main">
        {t('shell.skip')}
      </a>
      <header className="shell">
        <Link className="brand" to={paths.workspace(inWorkspace)}>
          hlr
        </Link>
        <details className="switcher" open={switcherOpen} onToggle={(e) => setSwitcherOpen(e.currentTarget.open)}>
          <summary aria-label={t('shell.workspaceSwitcher', { name: current?.name ?? '' })}>
            <span className="muted">{t('shell.workspace')}</span> <strong data-testid="current-workspace">{current?.name ?? '…'}</strong>
          </summary>
          <ul>
            {(workspaces.data ?? []).map((w) => (
              <li key={w._id}>
                <Link to={paths.workspace(w._id)} aria-current={w._id === inWorkspace ? 'true' : undefined}>
                  {w.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.workspaces()}>{t('shell.allWorkspaces')}</Link>
            </li>
          </ul>
        </details>
        <nav aria-label={t('shell.main')}>
          <NavLink to={paths.workspace(inWorkspace)} end>
            {t('shell.workflows')}
          </NavLink>
          <NavLink to={paths.builderHome(inWorkspace)}>{t('builder.nav')}</NavLink>
          <NavLink to={paths.workspaceSettings(inWorkspace)}>{t('shell.settings')}</NavLink>
          <HeaderLinks workspace={inWorkspace} />
        </nav>
        <ConnectionLine />
        <LanguageSelect />
        <Link
          className="who"
          to={paths.account()}
          aria-label={t('account.link', { name: [session.user.firstname, session.user.lastname].filter(Boolean).join(' ') })}
        >
          {[session.user.firstname, session.user.lastname].filter(Boolean).join(' ')}
        </Link>
        <Button onClick={() => void leave.run()} busy={leave.busy}>
          {t('shell.signOut')}
        </Button>
        <ErrorLine message={leave.problem?.message} />
      </header>
      <main id="main" className="page" tabIndex={-1}>
        {switchProblem ? (
          <p role="alert">{t('shell.cannotSwitch', { reason: switchProblem })}</p>
        ) : ready ? (
          children
        ) : (
          <p className="muted">{t('common.loading')}</p>
        )}
      </main>
    </>
  )
}

function ConnectionLine() {
  const { t } = useTranslation()
  const live = useConnectionState()
  return (
    <span className={live ? 'connection live' : 'connection'} role="status" data-testid="connection">
      {live ? t('shell.live') : t('shell.offline')}
    </span>
  )
}

function LanguageSelect() {
  const { t, i18n } = useTranslation()
  return (
    <label className="language">
      <span className="visually-hidden">{t('shell.language')}</span>
      <select value={i18n.language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  )
}
