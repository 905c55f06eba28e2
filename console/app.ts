/** What every screen shares: the connection, who is signed in, and which optional parts the server has. */
import { connect, HlrError, type HlrClient } from '../client'

export interface Session {
  uid: string
  cid: string
  user: { firstname?: string; lastname?: string; email?: string }
}

export interface App {
  client: HlrClient
  session: Session | null
  /** Operations the server answers 501 to are left out of the console (the wall, explainNode). */
  has: { wall: boolean; explainNode: boolean }
  /** The screen shown now: removes its signal listeners when the next one starts. */
  cleanup: Array<() => void>
}

const KEY = 'hlrkey'

export async function startApp(): Promise<App> {
  const client = await connect({ url: location.origin, key: sessionStorage.getItem(KEY) ?? undefined }).catch(async (err) => {
    if (!(err instanceof HlrError) || err.code !== 401) throw err
    sessionStorage.removeItem(KEY)
    return connect({ url: location.origin })
  })
  const app: App = { client, session: null, has: { wall: false, explainNode: false }, cleanup: [] }
  if (client.key) await loadSession(app)
  return app
}

/** After sign-in: remembers the key for this tab, reads the session and probes the optional parts. */
export async function loadSession(app: App) {
  sessionStorage.setItem(KEY, app.client.key!)
  app.session = (await app.client.call('v3.session.get')) as Session
  app.has.wall = await answers(app, 'wall2.unread', {})
  app.has.explainNode = await answers(app, 'v3.activity.explainNode', { activityId: '000000000000000000000000', fieldId: '000000000000000000000000' })
}

export function forgetSession(app: App) {
  sessionStorage.removeItem(KEY)
  app.session = null
}

/** False when the server answers 501 (not built); any other answer means the operation is there. */
async function answers(app: App, op: string, ...args: unknown[]): Promise<boolean> {
  return app.client.callUntyped(op, ...args).then(
    () => true,
    (err) => !(err instanceof HlrError && err.code === 501),
  )
}

/** A readable line for a failure. */
export const describe = (err: unknown) => (err instanceof HlrError ? `${err.msg} (${err.code})` : String(err))
