/** The app's entry: languages, the one connection, the session if a key was kept, then the routes. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider, loadSession, signedOutElsewhere, type AppValue, type Session } from './api/app-context'
import { openConnection, rememberKey } from './api/connection'
import { LiveQueries } from './api/live'
import { createStore } from './api/store'
import { startI18n } from './i18n'
import { AppRoutes, prefetchScreens } from './routes'
import './styles.css'

async function boot() {
  const i18n = startI18n()
  const root = createRoot(document.getElementById('root')!)
  try {
    const client = await openConnection()
    const app: AppValue = { client, session: createStore<Session | null>(null), live: new LiveQueries(client) }
    if (client.key) await loadSession(app).catch(() => rememberKey(undefined))
    // The session ended elsewhere (signed out in another tab, expired): back to signing in.
    client.onConnection((state) => {
      if (state === 'signedOut' && app.session.get()) signedOutElsewhere()
    })
    root.render(
      <StrictMode>
        <AppProvider value={app}>
          <AppRoutes />
        </AppProvider>
      </StrictMode>,
    )
    prefetchScreens()
  } catch (err) {
    root.render(
      <main className="page">
        <p role="alert">{i18n.t('app.unreachable', { reason: String(err) })}</p>
      </main>,
    )
  }
}

void boot()
