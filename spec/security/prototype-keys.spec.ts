/**
 * Prototype keys (docs/security.md "Prototype keys"): `__proto__`, `constructor`, `prototype`,
 * `toString` and `valueOf` sent wherever a caller's data can become an object key, on a server of
 * this file's own (a poisoned process must not spoil the other specs):
 * - as keys of every free-form object of every operation schema, as raw JSON text over the socket
 *   and over HTTP (an object literal with `__proto__` would set its prototype, not send a key);
 * - as the text of every free text position (a template name, a language, a setting's name).
 * `__proto__` as a key is refused at the edge with a 400 naming its path; nothing answers 500; and
 * after each operation's attacks another user's ordinary calls still succeed with the shapes their
 * schemas promise. Texts and keys named like that round-trip: a workflow whose phases, fields,
 * templates and settings carry those names keeps them through a copy, a template, an export and an import.
 */
import fc from 'fast-check'
import { api, Client } from '../helpers/client'
import {
  freeFormPositions,
  minimalValue,
  operationSchemas,
  pointer,
  setAt,
  textPositions,
  validArbitrary,
  type IdPool,
  type OpSchema,
} from '../helpers/schema-walk'
import { startServer, type RunningServer } from '../helpers/server'
import { registerUser, signedIn, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf']
const MARK = 'set through a prototype key'
/** What a value at one of the keys tries: a property onto whatever the key reaches, and one level further. */
const PAYLOAD = { polluted: MARK, prototype: { polluted: MARK } }
/** What an attack may be answered: a result, or the caller's error (503: a service the server has not configured, such as the AI model). */
const CALLER_CODES = new Set([400, 401, 403, 404, 409, 413, 422, 429, 503])

jest.setTimeout(900_000)

let server: RunningServer
beforeAll(async () => {
  // Its own server: before the fix, one call poisoned every later call of the process. Imports may
  // read from this same server (IMPORT_ALLOWED_HOSTS) for the round trip.
  server = await startServer({ WS_MESSAGES_PER_SECOND: '1000000', IMPORT_ALLOWED_HOSTS: '127.0.0.1' })
})
afterAll(() => server.stop())

/** An object whose keys are `names`, as JSON gives them: `__proto__` is an own key here, as in a parsed frame. */
function keyed(names: string[], value: (name: string) => unknown): Record<string, unknown> {
  return JSON.parse(`{${names.map((n) => `${JSON.stringify(n)}:${JSON.stringify(value(n) ?? null)}`).join(',')}}`)
}

/**
 * The owner of a fresh workspace with a workflow (a phase, a field, a document template "Doc"), a
 * team, an activity, a calendar with an event and an insight: what the generated arguments name.
 */
async function attacker() {
  const me = await signedIn('proto', server.wsUrl)
  const c = me.client
  const phase = newPhaseId()
  const team: string = (await c.call('company.new_team', { name: 'Crew' }))._id
  const process: string = (await c.call('process.create', { name: 'Flow' }))._id
  await c.call('process.set_info', process, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  const field: string = (await c.call('process.create_field', process, { label: 'Notes', type: 'text' }))._id
  const activity: string = (await c.call('v3.activity.create', process, { name: 'Thing' }, { teamId: team }))._id
  await c.call('process.set_documentTemplate', process, { name: 'Doc', fieldMap: { fields: { entry: { label: 'Notes' } } } })
  const calendar: string = (await c.call('v3.calendar.create', { name: 'Dates' }))._id
  const event: string = (await c.call('v3.calendar.event.create', calendar, { title: 'Launch', start: '2026-03-02T09:00:00Z' }))._id
  const insight: string = (await c.call('v3.insight.create', { processId: process, name: 'Numbers', fields: [field] }))._id
  const pool: IdPool = {
    ids: [process, phase, field, activity, team, me.cid, me.uid],
    only: true,
    named: [
      [/process|workflow/i, process],
      [/phase/i, phase],
      [/field/i, field],
      [/activit/i, activity],
      [/calendar/i, calendar],
      [/event/i, event],
      [/insight/i, insight],
      [/team/i, team],
      [/workspace|network|company|^cid$/i, me.cid],
      [/user|uid|member|owner|person/i, me.uid],
    ],
  }
  return { ...me, pool }
}

/** Someone else, in a workspace of their own with a workflow: whose calls must stay unaffected. */
async function bystander() {
  const me = await signedIn('bystander', server.wsUrl)
  const process: string = (await me.client.call('process.create', { name: 'Unaffected' }))._id
  return { ...me, process }
}

/** A few ordinary calls of `who`, results checked against their schemas; the failure as text, or null. */
async function ordinaryCallsFail(who: SignedIn & { process: string }, round: number): Promise<string | null> {
  try {
    await who.client.call('v2.user.settings.global.set', { theme: `light ${round}` })
    await who.client.call('process.set_info', who.process, { description: `round ${round}` })
    const got = await who.client.call('v2.process.get', who.process)
    if (got.description !== `round ${round}`) return `v2.process.get returned description ${JSON.stringify(got.description)}`
    await who.client.call('process.list')
    return null
  } catch (err) {
    return (err as Error).message
  }
}

interface Attack {
  op: string
  args: unknown[]
  /** Set when the attack carries `__proto__` as a key: the 400 must name this argument and path. */
  refused?: { argument: number; path: string }
  http?: boolean
}

/** Texts by the name of their place: the fixture's template and its entry, so template calls reach it. */
const TEXTS: [RegExp, string][] = [
  [/^(name|templateId)$/, 'Doc'],
  [/^key$/, 'entry'],
]

/**
 * Every attack on one operation: one place at a time replaced in arguments made from its schema,
 * the smallest it takes (which reach the operation's work most often) and generated ones. The
 * refusals of `__proto__` and the calls over HTTP take the smallest only.
 */
function attacksOn(op: OpSchema, index: number, pool: IdPool): Attack[] {
  // Without the NULs, lone surrogates and deep nesting the generator mixes in: those are refused before any key is looked at.
  const clean = (v: unknown) => !/\\u0000|\\ud[89a-f]|\[{10}/i.test(JSON.stringify(v) ?? '')
  const sample = (schema: object, base: string, name: string) =>
    fc.sample(validArbitrary(schema, base, pool, 0, name).filter(clean), { seed: SEED + index, numRuns: 1 })[0]
  const smallest = op.args.map((s, i) => minimalValue(s, op.file, pool, op.argNames[i], TEXTS))
  const generated = op.args.map((s, i) => sample(s, op.file, op.argNames[i]))
  const attacks: Attack[] = []
  for (const valid of [smallest, generated]) {
    const withLeaf = (argument: number, tokens: (string | number)[], leaf: unknown) => valid.map((a, i) => (i === argument ? setAt(a, tokens, leaf) : a))
    const first = valid === smallest
    for (const { argument, tokens, values, base } of freeFormPositions(op)) {
      const path = `${pointer(tokens) === '/' ? '' : pointer(tokens)}/__proto__`
      for (const names of first ? [NAMES, NAMES.filter((n) => n !== '__proto__')] : [NAMES.filter((n) => n !== '__proto__')]) {
        const refused = names.includes('__proto__') ? { argument, path } : undefined
        const objects = keyed(names, () => PAYLOAD)
        const fitting = keyed(names, (n) => (values === true ? MARK : sample(values, base, n)))
        for (const leaf of [objects, fitting]) {
          const args = withLeaf(argument, tokens, leaf)
          attacks.push({ op: op.name, args, refused })
          if (first) attacks.push({ op: op.name, args, refused, http: true })
        }
      }
    }
    for (const { argument, tokens } of textPositions(op, Math.max(...NAMES.map((n) => n.length))))
      for (const name of NAMES) attacks.push({ op: op.name, args: withLeaf(argument, tokens, name) })
  }
  return attacks
}

/** What is wrong with the reply to an attack, or null. */
function problemOf(attack: Attack, reply: any): string | null {
  const error = reply?.error
  if (attack.refused) {
    const { argument, path } = attack.refused
    if (error?.code === 400 && error.details?.argument === argument && error.details?.path === path && /__proto__/.test(error.msg)) return null
    return `expected a 400 naming argument ${argument} ${path}, got ${JSON.stringify(reply).slice(0, 300)}`
  }
  if (reply && 'result' in reply && !error) return null
  if (typeof error?.code === 'number' && CALLER_CODES.has(error.code) && typeof error.msg === 'string') return null
  return `answered ${JSON.stringify(reply).slice(0, 300)}`
}

test('prototype keys in every free-form object and free text of every schema: refused or served, and nobody else is affected', async () => {
  const ops = operationSchemas()
  const other = await bystander()
  expect(await ordinaryCallsFail(other, 0)).toBeNull()
  const problems: string[] = []
  let poisonedAfter: string | null = null
  let attacked = 0
  for (const [index, op] of ops.entries()) {
    if (!freeFormPositions(op).length && !textPositions(op, 9).length) continue
    let me = await attacker()
    const probe = await me.client.send(op.name, [])
    if (probe.error?.code === 501) {
      await me.client.close()
      continue
    }
    for (const attack of attacksOn(op, index, me.pool)) {
      attacked++
      const call = `${attack.http ? 'HTTP ' : ''}${op.name}(${JSON.stringify(attack.args).slice(0, 300)})`
      let reply: any
      if (attack.http) {
        const res = await api(op.name, attack.args, { key: me.key, url: server.url })
        reply = res.status === 200 ? { result: res.body } : { error: res.body }
        if (res.status !== 200 && res.body?.code !== res.status) reply = { error: { code: res.status, msg: JSON.stringify(res.body) } }
      } else {
        reply = await Promise.race([me.client.send(op.name, attack.args), me.client.closed.then((closedBy) => ({ closedBy }))])
      }
      if (server.child.exitCode !== null) throw new Error(`the server died during ${call}:\n${server.output().slice(-2000)}`)
      if (reply.closedBy?.reason === 'session ended') {
        // The call ended its own session (sign-out, account removal): go on as someone new.
        me = await attacker()
        continue
      }
      const problem = reply.closedBy ? `the server closed the socket (${JSON.stringify(reply.closedBy)})` : problemOf(attack, reply)
      if (problem) problems.push(`${call}: ${problem}`)
    }
    await me.client.close()
    const failed = await ordinaryCallsFail(other, index + 1)
    if (failed) {
      poisonedAfter = `after the attacks on ${op.name}, another user's call failed: ${failed}`
      break
    }
  }
  expect(poisonedAfter).toBeNull()
  expect({ count: problems.length, first: problems.slice(0, 20) }).toEqual({ count: 0, first: [] })
  expect(attacked).toBeGreaterThan(1000)

  // A newcomer's first steps, every result checked against its schema.
  const newcomer = await registerUser('newcomer', server.wsUrl)
  const c = await Client.connect({ url: server.wsUrl })
  await c.call('login', newcomer.email, newcomer.password)
  const ws = await c.call('v2.network.create', 'Fresh start')
  await c.call('v3.session.switchWorkspace', ws._id)
  const flow = await c.call('process.create', { name: 'Orders' })
  const phase = newPhaseId()
  await c.call('process.set_info', flow._id, { phases: { [phase]: { name: 'New' } }, phasesOrder: [phase] })
  const field = await c.call('process.create_field', flow._id, { label: 'Amount', type: 'numeric' })
  const team = await c.call('company.new_team', { name: 'Sales' })
  const order = await c.call('v3.activity.create', flow._id, { name: 'First order', fields: { [field._id]: 3 } }, { teamId: team._id })
  await c.call('v3.activity.updateMany', [{ _id: order._id, fields: { [field._id]: 4 } }])
  expect((await c.call('v3.activity.get', order._id)).fields).toContainEqual({ _id: field._id, value: 4 })
  expect((await c.call('v3.activity.list', { processId: flow._id })).activities.map((a: { name: string }) => a.name)).toEqual(['First order'])
  await c.call('company.set_general_options', { settings: { color: '#336699' } })
  expect(await c.call('company.get_general_options')).toMatchObject({ settings: { color: '#336699' } })
  await c.close()
  await other.client.close()
  expect(server.output()).not.toContain('"msg":"internal error"')
})

/** Polls a transfer job until it ends. */
async function finished(client: Client, jobId: string) {
  for (let tries = 0; ; tries++) {
    const job = await client.call('v3.user.data.job', jobId)
    if (job.state !== 'running') return job
    if (tries > 600) throw new Error(`job ${jobId} still running: ${JSON.stringify(job)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** `value` with every key that is an id (which an import renews) written as `id`. */
const idKeysMasked = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [/^[0-9a-f]{24}$/.test(k) ? 'id' : k, idKeysMasked(v)]))
    : value

/** A workflow in words, ids left out: every text and every key a caller chose, in order. */
function wordsOf(p: any) {
  return {
    description: p.description,
    translations: p.translations,
    phases: (p.phasesOrder as string[]).map((id) => ({ name: p.phases[id].name, description: p.phases[id].description })),
    fields: (p.fieldsOrder as string[]).map((id) => {
      const { label, key, placeholder, data, translations, functionVariables } = p.fields[id]
      return {
        label,
        key,
        placeholder,
        data: Array.isArray(data) ? data : undefined,
        translations,
        variables: functionVariables && Object.keys(functionVariables).sort(),
      }
    }),
    documentTemplates: idKeysMasked(p.documentTemplates),
  }
}

test('texts and keys named like prototype properties round-trip through a copy, a template, an export and an import', async () => {
  const [, constructor, prototype, toString, valueOf] = NAMES
  const owner = await signedIn('words', server.wsUrl)
  const c = owner.client
  // The workspace: settings keyed by those names, and a first language named constructor.
  const settings = { constructor: 'c', prototype: { toString: 't' }, toString: 'ts', valueOf: 'v', languages: [constructor] }
  await c.call('company.set_general_options', { settings })
  expect((await c.call('company.get_general_options')).settings).toMatchObject(settings)

  // The workflow: its name, description, phases, fields, options, keys, translations, document
  // templates and function variables are those names.
  const flow = (await c.call('process.create', { name: constructor }))._id
  const phases = Object.fromEntries(NAMES.map((name) => [newPhaseId(), { name, description: name }]))
  await c.call('process.set_info', flow, { description: '__proto__', phases, phasesOrder: Object.keys(phases) })
  await c.call('process.set_info', flow, { name: valueOf, description: toString }, 'sv')
  const team = (await c.call('company.new_team', { name: prototype }))._id
  // A Map: this test's own object keyed by `__proto__` would lose the entry.
  const fields = new Map<string, string>()
  for (const name of NAMES) fields.set(name, (await c.call('process.create_field', flow, { label: name, key: name, placeholder: name, type: 'text' }))._id)
  await c.call('process.update_field', flow, fields.get(toString)!, { label: valueOf }, 'fi')
  const options = (await c.call('process.create_field', flow, { label: 'options', type: 'textpredefinedoptions', data: NAMES }))._id
  const variables = {
    constructor: { type: '=', data: [fields.get(constructor)!] },
    toString: { type: '=', data: [fields.get(toString)!] },
    valueOf: { type: '=', data: [fields.get(valueOf)!] },
    prototype: { type: '=', data: ['data', constructor] },
  }
  const echo = await c.call('process.create_field', flow, {
    label: 'echo',
    type: 'text',
    function: "return [dep.constructor, dep.toString, dep.valueOf, String(dep.prototype)].join(' ')",
    functionEnabled: true,
    functionVariables: variables,
  })
  for (const name of NAMES) {
    await c.call('process.set_documentTemplate', flow, { name, fieldMap: { fields: { [constructor]: { label: name } } }, opts: { [toString]: name } })
    await c.call('process.set_docTemplatePrintName', flow, name, name)
  }
  await c.call('process.create_docTemplateField', { processId: flow, name: valueOf, group: 'images' })
  await c.call('process.set_docTemplateFieldProperty', { processId: flow, name: prototype, group: 'opts', key: valueOf, property: 'label', value: prototype })
  const translated = await c.call('v2.process.translation.create', flow, 'fi')
  // Filled from the base texts: the workspace's first language (constructor) has none.
  expect(translated.fi).toMatchObject({ name: constructor, description: '__proto__' })
  const values = Object.fromEntries(NAMES.map((name) => [fields.get(name), name]))
  const activity = await c.call('v3.activity.create', flow, { name: '__proto__', fields: { ...values, [options]: valueOf } }, { teamId: team })
  const echoed = `${constructor} ${toString} ${valueOf} null`
  expect((await c.call('v3.activity.get', activity._id)).fields).toContainEqual({ _id: echo._id, value: echoed })

  const original = await c.call('v2.process.get', flow)
  const words = wordsOf(original)
  expect(words.phases.map((p) => p.name)).toEqual(NAMES)
  expect(words.fields.slice(0, 5).map((f) => [f.label, f.key, f.placeholder])).toEqual(NAMES.map((n) => [n, n, n]))
  expect(words.fields[6].variables).toEqual(Object.keys(variables).sort())
  const templates = original.documentTemplates as Record<string, any>
  expect(Object.keys(templates).sort()).toEqual([...NAMES].sort())
  for (const name of NAMES) expect(templates[name]).toMatchObject({ name, printName: name, fieldMap: { fields: { [constructor]: { label: name } } } })
  expect(templates[prototype].opts).toEqual({ [toString]: prototype, [valueOf]: { label: prototype } })
  expect(Object.keys(templates[valueOf].fieldMap.images)).toHaveLength(1)
  expect(words.translations).toMatchObject({ sv: { name: valueOf, description: toString }, fi: { name: constructor } })

  // A copy in the same workspace.
  const [copy] = await c.call('v2.process.copy', flow)
  const copied = await c.call('v2.process.get', copy)
  expect(copied.name).toBe(`${constructor} (copy)`)
  expect(wordsOf(copied)).toEqual(words)

  // A copy of the workspace (its settings too), and a template: a product installed elsewhere.
  const wsCopy = await c.call('v2.network.copy', owner.cid, toString)
  await c.call('v3.session.switchWorkspace', wsCopy.cid)
  expect((await c.call('company.get_general_options')).settings).toMatchObject(settings)
  const copiedFlows = await Promise.all(wsCopy.processIds.map((id: string) => c.call('v2.process.get', id)))
  expect(wordsOf(copiedFlows.find((p) => p.name === constructor))).toEqual(words)
  await c.call('v3.session.switchWorkspace', owner.cid)
  const template = await c.call('v2.network.workflowTemplate', owner.cid)
  expect(template.schemas.map((s: { name: string }) => s.name).sort()).toEqual([constructor, `${constructor} (copy)`].sort())
  const product = await c.call('v2.network.product.publishTemplate', { version: '1.0.0', versionDescription: valueOf, title: prototype, description: toString })
  const elsewhere = await c.call('v2.network.create', prototype)
  await c.call('v2.network.product.install', product._id, elsewhere._id)
  await c.call('v3.session.switchWorkspace', elsewhere._id)
  const installed = (await c.call('process.list')).find((p) => p.name === constructor)
  expect(wordsOf(await c.call('v2.process.get', installed!._id as string))).toEqual(words)

  // Exported and imported by someone else (here from this same server).
  const importer = await signedIn('words-importer', server.wsUrl)
  const credentials = { host: server.url, username: owner.email, password: owner.password }
  const job = await finished(importer.client, (await importer.client.call('v3.user.data.import', credentials, { workspaceIds: [owner.cid] }))._id)
  expect({ state: job.state, error: job.error }).toEqual({ state: 'finished', error: undefined })
  const [imported] = job.result.workspaces
  await importer.client.call('v3.session.switchWorkspace', imported._id)
  expect((await importer.client.call('company.get_general_options')).settings).toMatchObject(settings)
  const flows = await importer.client.call('process.list')
  const importedFlow = await importer.client.call('v2.process.get', flows.find((f) => f.name === constructor)!._id as string)
  expect(wordsOf(importedFlow)).toEqual(words)
  const page = await importer.client.call('v3.activity.list', { processId: importedFlow._id })
  expect(page.activities.map((a: { name: string }) => a.name)).toEqual(['__proto__'])
  const importedActivity = await importer.client.call('v3.activity.get', page.activities[0]._id)
  const byLabel = Object.fromEntries(importedActivity.fields!.map((f) => [importedFlow.fields[f._id as string].label, f.value]))
  expect(byLabel).toEqual({ ...Object.fromEntries(NAMES.map((n) => [n, n])), options: valueOf, echo: echoed })
  await Promise.all([c.close(), importer.client.close()])
})
