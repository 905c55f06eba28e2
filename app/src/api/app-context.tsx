/**
 * What every screen shares: the connection and who is signed in (a small store, so the header and
 * the screens read the same session). Signing in, registering, signing out and switching the
 * current workspace happen here, once.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { HlrClient } from '../../../client'
import { LANGUAGES, setLanguage, type Language } from '../i18n'
import { rememberKey } from './connection'
import type { LiveQueries } from './live'
import { useStore, type Store } from './store'

export interface Session {
  uid: string
  /** The session's current workspace: the operations on workflows act in it. */
  cid: string
  user: { firstname?: string; lastname?: string; email?: string }
}

export interface AppValue {
  client: HlrClient
  session: Store<Session | null>
  /** The shared live queries (useLive). */
  live: LiveQueries
}

const AppContext = createContext<AppValue | null>(null)

export function AppProvider({ value, children }: { value: AppValue; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>
}

export function useApp(): AppValue {
  const value = useContext(AppContext)
  if (!value) throw new Error('useApp outside AppProvider')
  return value
}

export const useSession = () => useStore(useApp().session)

/** Reads the session after a sign-in (or at start with a remembered key). */
export async function loadSession(app: AppValue): Promise<Session> {
  rememberKey(app.client.key)
  const session = (await app.client.call('v3.session.get')) as Session & { language?: string | null }
  app.session.set(session)
  // The language the person chose in their profile follows them to this browser.
  if (LANGUAGES.includes(session.language as Language)) setLanguage(session.language as Language)
  return session
}

export async function signIn(app: AppValue, email: string, password: string) {
  await app.client.login(email, password)
  return loadSession(app)
}

/**
 * Ends the session here, then loads the sign-in page afresh: nothing of the signed-out person
 * (their live queries, the socket's session) stays in the page for whoever signs in next.
 */
export async function signOut(app: AppValue) {
  await app.client.call('logout').catch(() => {})
  signedOutElsewhere()
}

/** The session is gone (signed out, expired, ended in another tab): start again at signing in. */
export function signedOutElsewhere() {
  rememberKey(undefined)
  location.assign('/signin')
}

/** Makes `workspaceId` the session's current workspace (the URL names it; the server acts in it). */
export async function switchWorkspace(app: AppValue, workspaceId: string) {
  const session = app.session.get()
  if (!session || session.cid === workspaceId) return
  await app.client.call('v3.session.switchWorkspace', workspaceId)
  app.session.set({ ...session, cid: workspaceId })
}
