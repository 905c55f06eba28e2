/** The workspaces of the signed-in person; choosing one makes it the session's current workspace. */
import { loadSession, type App } from '../app'
import { h } from '../dom'

export async function workspacesScreen(app: App, main: HTMLElement) {
  const workspaces = (await app.client.call('v3.session.workspaces')) as Array<{ _id: string; name: string; role: string }>
  const list = h('ul', { class: 'cards' })
  for (const ws of workspaces) {
    const current = ws._id === app.session!.cid
    const button = h('button', { type: 'button', text: current ? 'Current' : 'Switch to', disabled: current, 'aria-label': `Switch to ${ws.name}` })
    button.addEventListener('click', async () => {
      await app.client.call('v3.session.switchWorkspace', ws._id)
      await loadSession(app)
      location.hash = '#/workflows'
    })
    list.append(h('li', { class: 'card' }, h('strong', { text: ws.name }), h('span', { class: 'muted', text: ` ${ws.role}` }), ' ', button))
  }
  const logout = h('button', { type: 'button', text: 'Sign out' })
  logout.addEventListener('click', async () => {
    await app.client.call('logout')
    sessionStorage.clear()
    location.hash = '#/signin'
    location.reload()
  })
  main.append(h('h1', { text: 'Workspaces' }), list, logout)
}
