/** The workflows of the current workspace, and a form to create one with its phases and fields. */
import { type App } from '../app'
import { field, h, input, newObjectId, status } from '../dom'
import { showAt } from './auth'

interface Listed {
  _id: string
  name: string
  enableUnlinkedMode: boolean
  phases: Array<{ _id: string; name: string | null }>
}

export async function workflowsScreen(app: App, main: HTMLElement) {
  const listed = (await app.client.call('process.list')) as unknown as Listed[]
  const list = h('ul', { class: 'cards' })
  for (const wf of listed.filter((p) => !p.enableUnlinkedMode)) {
    list.append(
      h('li', { class: 'card' }, h('a', { href: `#/workflow/${wf._id}`, text: wf.name }), h('span', { class: 'muted', text: ` ${wf.phases.length} phases` })),
    )
  }
  if (!list.children.length) list.append(h('li', { class: 'muted', text: 'No workflows yet.' }))
  main.append(h('h1', { text: 'Workflows' }), list, createForm(app))
}

function createForm(app: App) {
  const name = field('Name', input({ required: true }))
  const phases = field('Phases (comma-separated)', input({ value: 'To do, Doing, Done' }))
  const fields = field('Fields (label:type, comma-separated)', input({ value: 'Description:text, Amount:numeric, Start:date, Country:country' }))
  const line = status()
  const form = h(
    'form',
    { 'aria-labelledby': 'new-workflow' },
    name.row,
    phases.row,
    fields.row,
    h('button', { type: 'submit', text: 'Create workflow' }),
    line,
  )
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    try {
      const wf = (await app.client.call('process.create', { name: name.input.value })) as { _id: string }
      for (const spec of split(fields.input.value)) {
        const [label, type = 'text'] = spec.split(':').map((s) => s.trim())
        await app.client.call('process.create_field', wf._id, { label, type } as never)
      }
      const ids = split(phases.input.value).map((phase) => [newObjectId(), phase] as const)
      const team = await defaultTeam(app)
      await app.client.call('process.set_info', wf._id, {
        phases: Object.fromEntries(ids.map(([id, phase]) => [id, { name: phase }])),
        phasesOrder: ids.map(([id]) => id),
        ...(team ? { preselectedTeam: { team } } : {}),
      })
      location.hash = `#/workflow/${wf._id}`
    } catch (err) {
      showAt(err, { '/name': name, '/0': name }, line)
    }
  })
  return h('section', {}, h('h2', { id: 'new-workflow', text: 'New workflow' }), form)
}

const split = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** Activities belong to a team: the workspace's first, or a new "Everyone" team when it has none (and the caller may create one). */
async function defaultTeam(app: App): Promise<string | null> {
  const teams = (await app.client.call('company.form_get_teams')) as Array<{ _id: string }>
  if (teams.length) return teams[0]._id
  const created = await app.client.call('company.new_team', { name: 'Everyone' }).catch(() => null)
  return (created as { _id: string } | null)?._id ?? null
}
