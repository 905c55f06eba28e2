/** A workflow as a board: one column per phase, a card per activity; cards move when anyone moves them. */
import { describe, type App } from '../app'
import { field, h, input, select, status } from '../dom'
import { showAt } from './auth'

interface Workflow {
  _id: string
  name: string
  phases: Record<string, { _id: string; name?: string }>
  phasesOrder: string[]
  phasesRemoved: string[]
}
export interface Activity {
  _id: string
  name: string
  currentPhase: string
  process: string
  ballHolder?: { uid: string; since: number } | null
  fields: Array<{ _id: string; value: unknown }>
  followers: string[]
  files: string[]
}

const LIVE_SIGNALS = ['v3.activity.created', 'v3.activity.updated', 'v3.activity.phase', 'v3.activity.removed', 'v3.activity.recovered', 'v3.activity.ball']

export const livePhases = (wf: Workflow) => wf.phasesOrder.filter((id) => wf.phases[id] && !wf.phasesRemoved.includes(id))

export async function boardScreen(app: App, main: HTMLElement, processId: string) {
  const wf = (await app.client.call('v2.process.get', processId)) as unknown as Workflow
  const phases = livePhases(wf)
  const board = h('div', { class: 'board' })
  const line = status()

  async function refresh() {
    const { activities } = (await app.client.call('v3.activity.list', { processId, limit: 500 })) as { activities: Activity[] }
    board.replaceChildren(
      ...phases.map((phaseId) => {
        const cards = activities.filter((a) => a.currentPhase === phaseId).map((a) => card(a))
        const title = `col-${phaseId}`
        return h(
          'section',
          { class: 'column', 'data-phase': phaseId, 'aria-labelledby': title },
          h('h2', { id: title, text: `${wf.phases[phaseId].name ?? 'Phase'} (${cards.length})` }),
          h('ul', {}, ...cards),
        )
      }),
    )
  }

  function card(a: Activity) {
    const move = select(
      phases.map((id) => [id, wf.phases[id].name ?? id]),
      a.currentPhase,
      { 'aria-label': `Phase of ${a.name}` },
    )
    move.addEventListener('change', async () => {
      try {
        await app.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: move.value }])
        await refresh()
      } catch (err) {
        line.textContent = describe(err)
      }
    })
    return h(
      'li',
      { class: 'card', 'data-activity': a._id },
      h('a', { href: `#/activity/${a._id}`, text: a.name }),
      a.ballHolder ? h('span', { class: 'ball', title: 'Someone holds the ball', text: ' ●' }) : null,
      move,
    )
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  const later = (meta: { processId?: string }) => {
    if (meta.processId !== processId) return
    clearTimeout(timer)
    timer = setTimeout(() => void refresh().catch((err) => (line.textContent = describe(err))), 50)
  }
  for (const sig of LIVE_SIGNALS) app.cleanup.push(app.client.on(sig, later))

  const name = field('Name', input({ required: true }))
  const form = h('form', { class: 'inline', 'aria-label': 'New activity' }, name.row, h('button', { type: 'submit', text: 'Add activity' }))
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    try {
      await app.client.call('v3.activity.create', processId, { name: name.input.value })
      name.input.value = ''
      name.setError('')
      await refresh()
    } catch (err) {
      showAt(err, { '/name': name }, line)
    }
  })
  await refresh()
  main.append(h('h1', { text: wf.name }), form, line, board)
}
