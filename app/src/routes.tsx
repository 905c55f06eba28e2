/**
 * The app's addresses. The workspace is in every signed-in path, so a link names what it shows;
 * a workflow's view and its filters are in the query (`?view=board`). Screens other than the first
 * are loaded when first shown (React.lazy), so the first screen's JavaScript stays small.
 */
import { lazy, Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router'
import { useSession } from './api/app-context'
import { Shell } from './shell/Shell'
import { RegisterScreen } from './screens/Register'
import { SignInScreen } from './screens/SignIn'
import { WorkflowsScreen } from './screens/Workflows'
import { preloadable } from './ui/preloadable'
import { whenIdle } from './ui/idle'

const WorkspacesScreen = lazy(() => import('./screens/Workspaces'))
const WorkspaceSettingsScreen = lazy(() => import('./screens/WorkspaceSettings'))
const WorkflowScreen = preloadable(() => import('./screens/workflow/Workflow'))
const ActivityScreen = preloadable(() => import('./screens/activity/Activity'))
const BuilderHomeScreen = lazy(() => import('./screens/builder/BuilderHome'))
const BuilderScreen = lazy(() => import('./screens/builder/Builder'))
const MembersScreen = lazy(() => import('./screens/admin/Members'))
const TeamsScreen = lazy(() => import('./screens/admin/Teams'))
const RolesScreen = lazy(() => import('./screens/admin/Roles'))
const WorkflowAccessScreen = lazy(() => import('./screens/admin/WorkflowAccess'))
const LicenseScreen = lazy(() => import('./screens/admin/License'))
const WebhooksScreen = lazy(() => import('./screens/admin/Webhooks'))
const AuditScreen = lazy(() => import('./screens/admin/Audit'))
const AutomationsScreen = lazy(() => import('./screens/admin/Automations'))
const AccountScreen = lazy(() => import('./screens/account/Account'))
const ApiKeysScreen = lazy(() => import('./screens/account/ApiKeys'))
const AcceptInviteScreen = lazy(() => import('./screens/invite/AcceptInvite'))
const TrashScreen = lazy(() => import('./screens/activity/Trash'))
const TransferScreen = lazy(() => import('./screens/transfer/Transfer'))
const WallScreen = lazy(() => import('./screens/wall/Wall'))
const NotificationsScreen = lazy(() => import('./screens/notifications/Notifications'))

/**
 * The screens on the way from signing in to the work (a workflow, its default view, an activity) are
 * fetched once the first screen is shown and the browser is idle (while the person types their
 * password): they stay out of the first screen's JavaScript, and opening them neither waits for the
 * network nor suspends.
 */
const ON_THE_WAY = [
  WorkflowScreen.preload,
  () => import('./screens/workflow/views').then((views) => views.VIEWS[0].component.preload()),
  ActivityScreen.preload,
]

export function prefetchScreens() {
  whenIdle(() => ON_THE_WAY.forEach((load) => void load().catch(() => {})))
}

/** Paths, made in one place. */
export const paths = {
  signIn: () => '/signin',
  register: () => '/register',
  workspaces: () => '/workspaces',
  workspace: (ws: string) => `/w/${ws}`,
  workspaceSettings: (ws: string) => `/w/${ws}/settings`,
  workflow: (ws: string, wf: string, view?: string) => `/w/${ws}/workflows/${wf}${view ? `?view=${view}` : ''}`,
  activity: (ws: string, id: string) => `/w/${ws}/activities/${id}`,
  builderHome: (ws: string) => `/w/${ws}/builder`,
  builder: (ws: string, wf: string) => `/w/${ws}/workflows/${wf}/build`,
  adminMembers: (ws: string) => `/w/${ws}/settings/members`,
  adminTeams: (ws: string) => `/w/${ws}/settings/teams`,
  adminRoles: (ws: string) => `/w/${ws}/settings/roles`,
  adminWorkflows: (ws: string, wf?: string) => `/w/${ws}/settings/workflows${wf ? `/${wf}` : ''}`,
  adminLicense: (ws: string) => `/w/${ws}/settings/license`,
  adminWebhooks: (ws: string) => `/w/${ws}/settings/webhooks`,
  adminAudit: (ws: string) => `/w/${ws}/settings/audit`,
  adminAutomations: (ws: string, wf?: string) => `/w/${ws}/settings/automations${wf ? `/${wf}` : ''}`,
  account: () => '/account',
  apiKeys: () => '/account/api-keys',
  /** The address the invitation mail links to (server/mail/messages.ts). */
  invite: (key: string) => `/invite/${key}`,
  trash: (ws: string, wf: string) => `/w/${ws}/workflows/${wf}/trash`,
  transfer: (ws: string, wf: string) => `/w/${ws}/workflows/${wf}/transfer`,
  wall: (ws: string) => `/w/${ws}/wall`,
  notifications: (ws: string) => `/w/${ws}/notifications`,
}

function Loading() {
  const { t } = useTranslation()
  return <p className="muted">{t('common.loading')}</p>
}

/** Signed-in screens: without a session, to sign in (and back here after it). */
function SignedIn({ children }: { children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  if (!session) return <Navigate to={paths.signIn()} replace state={{ from: location.pathname + location.search }} />
  return (
    <Shell>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Shell>
  )
}

function Home() {
  const session = useSession()
  return <Navigate to={session ? paths.workspace(session.cid) : paths.signIn()} replace />
}

function NotFound() {
  const { t } = useTranslation()
  return <p role="alert">{t('app.notFound')}</p>
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/signin" element={<SignInScreen />} />
        <Route path="/register" element={<RegisterScreen />} />
        <Route path="/workspaces" element={<SignedIn children={<WorkspacesScreen />} />} />
        <Route path="/w/:workspaceId" element={<SignedIn children={<WorkflowsScreen />} />} />
        <Route path="/w/:workspaceId/settings" element={<SignedIn children={<WorkspaceSettingsScreen />} />} />
        <Route path="/w/:workspaceId/workflows/:workflowId" element={<SignedIn children={<WorkflowScreen />} />} />
        <Route path="/w/:workspaceId/wall" element={<SignedIn children={<WallScreen />} />} />
        <Route path="/w/:workspaceId/notifications" element={<SignedIn children={<NotificationsScreen />} />} />
        <Route path="/w/:workspaceId/workflows/:workflowId/transfer" element={<SignedIn children={<TransferScreen />} />} />
        <Route path="/w/:workspaceId/workflows/:workflowId/trash" element={<SignedIn children={<TrashScreen />} />} />
        <Route path="/w/:workspaceId/activities/:activityId" element={<SignedIn children={<ActivityScreen />} />} />
        <Route path="/w/:workspaceId/builder" element={<SignedIn children={<BuilderHomeScreen />} />} />
        <Route path="/w/:workspaceId/workflows/:workflowId/build" element={<SignedIn children={<BuilderScreen />} />} />
        <Route path="/w/:workspaceId/settings/members" element={<SignedIn children={<MembersScreen />} />} />
        <Route path="/w/:workspaceId/settings/teams" element={<SignedIn children={<TeamsScreen />} />} />
        <Route path="/w/:workspaceId/settings/roles" element={<SignedIn children={<RolesScreen />} />} />
        <Route path="/w/:workspaceId/settings/workflows/:workflowId?" element={<SignedIn children={<WorkflowAccessScreen />} />} />
        <Route path="/w/:workspaceId/settings/license" element={<SignedIn children={<LicenseScreen />} />} />
        <Route path="/w/:workspaceId/settings/webhooks" element={<SignedIn children={<WebhooksScreen />} />} />
        <Route path="/w/:workspaceId/settings/audit" element={<SignedIn children={<AuditScreen />} />} />
        <Route path="/w/:workspaceId/settings/automations/:workflowId?" element={<SignedIn children={<AutomationsScreen />} />} />
        <Route path="/account" element={<SignedIn children={<AccountScreen />} />} />
        <Route path="/account/api-keys" element={<SignedIn children={<ApiKeysScreen />} />} />
        <Route
          path="/invite/:inviteKey"
          element={
            <Suspense fallback={<Loading />}>
              <AcceptInviteScreen />
            </Suspense>
          }
        />
        <Route path="*" element={<SignedIn children={<NotFound />} />} />
      </Routes>
    </BrowserRouter>
  )
}
