/**
 * The console: a page of the server itself (GET /), one WebSocket through client/, hash routes:
 * #/signin #/register #/workspaces #/workflows #/workflow/<id> #/activity/<id> #/wall
 */
import './style.css'
import { describe, forgetSession, startApp, type App } from './app'
import { h } from './dom'
import { activityScreen } from './screens/activity'
import { registerScreen, signInScreen } from './screens/auth'
import { boardScreen } from './screens/board'
import { wallScreen } from './screens/wall'
import { workflowsScreen } from './screens/workflows'
import { workspacesScreen } from './screens/workspaces'

type Screen = (app: App, main: HTMLElement, id: string) => Promise<void>
const SCREENS: Record<string, Screen> = {
  signin: signInScreen,
  register: registerScreen,
  workspaces: workspacesScreen,
  workflows: workflowsScreen,
  workflow: boardScreen,
  activity: activityScreen,
  wall: wallScreen,
}
const PUBLIC = new Set(['signin', 'register'])

async function route(app: App) {
  const main = document.getElementById('main')!
  for (const stop of app.cleanup.splice(0)) stop()
  const [name = '', id = ''] = location.hash.replace(/^#\/?/, '').split('/')
  let screen = SCREENS[name] ? name : app.session ? 'workflows' : 'signin'
  if (!app.session && !PUBLIC.has(screen)) screen = 'signin'
  if (screen === 'wall' && !app.has.wall) screen = 'workflows'
  renderNav(app, screen)
  main.replaceChildren()
  try {
    await SCREENS[screen](app, main, decodeURIComponent(id))
  } catch (err) {
    main.append(h('p', { class: 'error', role: 'alert', text: describe(err) }))
  }
  main.focus()
}

function renderNav(app: App, current: string) {
  const links: Array<[string, string]> = app.session
    ? [['workflows', 'Workflows'], ['workspaces', 'Workspaces'], ...(app.has.wall ? [['wall', 'Wall'] as [string, string]] : [])]
    : [
        ['signin', 'Sign in'],
        ['register', 'Register'],
      ]
  document
    .getElementById('nav')!
    .replaceChildren(...links.map(([to, label]) => h('a', { href: `#/${to}`, 'aria-current': to === current ? 'page' : undefined, text: label })))
}

async function boot() {
  const app = await startApp()
  const line = document.getElementById('connection')!
  const show = () => (line.textContent = app.client.live ? 'live' : 'offline: calls use HTTP')
  app.client.onConnection((state) => {
    show()
    // The session ended (signed out elsewhere, expired): back to the sign-in page.
    if (state === 'signedOut' && app.session) {
      forgetSession(app)
      location.hash = '#/signin'
    }
  })
  // No replay of missed signals: show the screen again from fresh data.
  app.client.onReload(() => void route(app))
  show()
  window.addEventListener('hashchange', () => void route(app))
  await route(app)
}

void boot()
