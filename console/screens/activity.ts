/** One activity: its fields (errors at the field the server names), the ball, followers, files, history. */
import { download, upload } from '../../client'
import { describe, type App } from '../app'
import { field, h, input, select, status, type Field } from '../dom'
import { showAt } from './auth'
import { livePhases, type Activity } from './board'
import { graphButton } from './graph'

interface FieldDef {
  _id: string
  label?: string
  type: string
}
type Members = Map<string, string>

const NUMERIC = new Set(['numeric', 'money', 'percentage', 'rating'])

export async function activityScreen(app: App, main: HTMLElement, activityId: string) {
  const activity = (await app.client.call('v3.activity.get', activityId)) as unknown as Activity
  const wf = (await app.client.call('v2.process.get', activity.process)) as any
  const network = (await app.client.call('v2.network.get', app.session!.cid)) as any
  const members: Members = new Map(network.members.map((m: any) => [m.uid, `${m.firstname ?? ''} ${m.lastname ?? ''}`.trim() || m.email]))
  const nameOf = (uid: string | null | undefined) => (uid ? (members.get(uid) ?? uid) : 'nobody')
  const phaseName = (id: string) => wf.phases[id]?.name ?? id

  const side = h('div', { class: 'side' })
  async function refreshSide() {
    const current = (await app.client.call('v3.activity.get', activityId)) as unknown as Activity
    side.replaceChildren(
      ballSection(app, current, nameOf, refreshSide),
      followersSection(current, nameOf),
      await historySection(app, activityId, nameOf, phaseName),
    )
  }
  const onChange = (meta: { _id?: string; ids?: string[] }) => (meta._id === activityId || meta.ids?.includes(activityId)) && void refreshSide()
  for (const sig of ['v3.activity.updated', 'v3.activity.phase', 'v3.activity.ball']) app.cleanup.push(app.client.on(sig, onChange))

  await refreshSide()
  main.append(
    h('p', {}, h('a', { href: `#/workflow/${wf._id}`, text: `← ${wf.name}` })),
    h('h1', { text: activity.name }),
    h('p', { class: 'muted', text: `Phase: ${phaseName(activity.currentPhase)}` }),
    h('div', { class: 'split' }, h('div', {}, fieldsForm(app, activity, wf, livePhases(wf)), filesSection(app, activity)), side),
  )
}

function fieldsForm(app: App, activity: Activity, wf: any, phases: string[]) {
  const defs = ((wf.fieldsOrder as string[]).length ? wf.fieldsOrder : Object.keys(wf.fields)).map((id: string) => wf.fields[id]).filter(Boolean) as FieldDef[]
  const values = new Map(activity.fields.map((f) => [f._id, f.value]))
  const name = field('Name', input({ value: activity.name, required: true }))
  const phase = field(
    'Phase',
    select(
      phases.map((id) => [id, wf.phases[id].name ?? id]),
      activity.currentPhase,
    ),
  )
  const inputs = new Map<string, Field>()
  const rows: HTMLElement[] = []
  for (const def of defs) {
    const value = values.get(def._id)
    const f = field(def.label ?? def._id, valueInput(def, value))
    inputs.set(def._id, f)
    const graph = graphButton(app, activity._id, def._id, def.label ?? def._id)
    if (graph) f.row.append(graph)
    rows.push(f.row)
  }
  const line = status()
  const form = h('form', { 'aria-label': 'Fields' }, name.row, phase.row, ...rows, h('button', { type: 'submit', text: 'Save' }), line)
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const fields: Record<string, string | number | null> = {}
    for (const def of defs) {
      const raw = inputs.get(def._id)!.input.value
      fields[def._id] = raw === '' ? null : NUMERIC.has(def.type) ? Number(raw) : raw
    }
    try {
      await app.client.call('v3.activity.updateMany', [{ _id: activity._id, name: name.input.value, phaseId: phase.input.value, fields }])
      for (const f of [name, phase, ...inputs.values()]) f.setError('')
      line.textContent = 'Saved.'
    } catch (err) {
      showAt(err, { '/name': name, '/phaseId': phase, ...Object.fromEntries([...inputs].map(([id, f]) => [`/fields/${id}`, f])) }, line)
    }
  })
  return h('section', { 'aria-labelledby': 'fields-title' }, h('h2', { id: 'fields-title', text: 'Fields' }), form)
}

/** Numbers as number inputs, dates as date inputs (stored as ms, sent as YYYY-MM-DD), anything else as text. */
function valueInput(def: FieldDef, value: unknown) {
  if (NUMERIC.has(def.type)) return input({ type: 'number', step: 'any', value: value == null ? '' : String(value) })
  if (def.type === 'date') return input({ type: 'date', value: typeof value === 'number' ? new Date(value).toISOString().slice(0, 10) : '' })
  return input({ value: value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value) })
}

function ballSection(app: App, a: Activity, nameOf: (uid?: string | null) => string, refresh: () => Promise<void>) {
  const line = status()
  const act = (label: string, run: () => Promise<unknown>) => {
    const b = h('button', { type: 'button', text: label })
    b.addEventListener('click', () => run().then(refresh, (err) => (line.textContent = describe(err))))
    return b
  }
  const to = select(
    a.followers.map((uid) => [uid, nameOf(uid)]),
    undefined,
    { 'aria-label': 'Pass the ball to' },
  )
  return h(
    'section',
    { 'aria-labelledby': 'ball-title' },
    h('h2', { id: 'ball-title', text: 'The ball' }),
    h('p', { 'data-ball': a.ballHolder?.uid ?? '', text: `Held by ${nameOf(a.ballHolder?.uid)}` }),
    h(
      'div',
      { class: 'inline' },
      act('Take', () => app.client.call('v3.activity.ball.take', a._id)),
      a.ballHolder ? act('Clear', () => app.client.call('v3.activity.ball.clear', a._id)) : null,
      to,
      act('Pass', () => app.client.call('v3.activity.ball.pass', a._id, to.value)),
    ),
    line,
  )
}

function followersSection(a: Activity, nameOf: (uid: string) => string) {
  return h(
    'section',
    { 'aria-labelledby': 'followers-title' },
    h('h2', { id: 'followers-title', text: 'Followers' }),
    h('ul', {}, ...a.followers.map((uid) => h('li', { text: nameOf(uid) }))),
  )
}

async function historySection(app: App, activityId: string, nameOf: (uid: string) => string, phaseName: (id: string) => string) {
  const entries = await app.client.call('v3.activity.extractHistory', { activityId })
  const say = (e: (typeof entries)[number]) => {
    const c = e.changes as Record<string, any>
    if (e.kind === 'phase') return `moved to ${phaseName(c.phase?.to)}`
    if (e.kind === 'ball') return `ball to ${c.ball?.to ? nameOf(c.ball.to) : 'nobody'}`
    if (e.kind === 'updated') return `changed ${Object.keys(c).join(', ')}`
    return e.kind
  }
  return h(
    'section',
    { 'aria-labelledby': 'history-title' },
    h('h2', { id: 'history-title', text: 'History' }),
    h(
      'ol',
      { class: 'history' },
      ...entries.map((e) =>
        h('li', {}, h('time', { datetime: new Date(e.at).toISOString(), text: new Date(e.at).toLocaleString() }), ` ${nameOf(e.uid)}: ${say(e)}`),
      ),
    ),
  )
}

function filesSection(app: App, a: Activity) {
  const list = h('ul', { class: 'files' })
  const bar = h('progress', { max: 1, value: 0, 'aria-label': 'Transfer progress' })
  const line = status()
  const fileIds = [...a.files]

  const addRow = async (fileId: string) => {
    const meta = (await app.client.call('v3.file.get', fileId).catch(() => ({ name: fileId }))) as { name: string }
    const button = h('button', { type: 'button', text: `Download ${meta.name}` })
    button.addEventListener('click', async () => {
      bar.value = 0
      try {
        const file = await download(app.client, fileId, {
          onProgress(p) {
            bar.max = p.total ?? Math.max(p.loaded, 1)
            bar.value = p.loaded
            line.textContent = `${p.state ?? 'receiving'}: ${p.loaded} bytes`
          },
        })
        line.textContent = `${file.state ?? 'received'}: ${file.blob.size} bytes`
        const link = h('a', { href: URL.createObjectURL(file.blob), download: file.name })
        link.click()
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
      } catch (err) {
        line.textContent = describe(err)
      }
    })
    list.append(h('li', {}, button))
  }

  const picker = field('Upload a file', input({ type: 'file' }))
  picker.input.addEventListener('change', async () => {
    const chosen = (picker.input as HTMLInputElement).files?.[0]
    if (!chosen) return
    try {
      const { _id } = await upload(app.client, chosen, {
        onProgress(p) {
          bar.max = p.total ?? chosen.size
          bar.value = p.loaded
        },
      })
      fileIds.push(_id)
      await app.client.call('v3.activity.updateMany', [{ _id: a._id, fileIds }])
      line.textContent = `uploaded ${chosen.name}`
      await addRow(_id)
    } catch (err) {
      picker.setError(describe(err))
    }
  })
  void Promise.all(a.files.map(addRow))
  return h('section', { 'aria-labelledby': 'files-title' }, h('h2', { id: 'files-title', text: 'Files' }), list, picker.row, bar, line)
}
