/**
 * Lost updates on one workflow: calls fired at the same moment over several sockets, each changing
 * a different part of the same row (a member entry's permissions, the configuration document, the
 * fields order, a counter). Every change must survive. On PostgreSQL these fail without the row
 * locks (each call reads the old document and writes its own version over the others'); on PGlite,
 * which runs one statement at a time, they prove less.
 */
import type { Client } from '../helpers/client'
import { atOnce, socketsOf } from '../helpers/sockets'
import { signedIn, type SignedIn } from '../helpers/users'
import { loadWorkflow } from '../helpers/workflows'

/** Each race is run a few times: one round can happen to be serialised by chance. */
const ROUNDS = 5
const PERMISSIONS = ['admin', 'any', 'own', 'ownteam'] as const

let owner: SignedIn
let tabs: Client[]
let teamId: string
beforeAll(async () => {
  owner = await signedIn('race')
  tabs = await socketsOf(owner, 4)
  teamId = (await owner.client.call('company.new_team', { name: 'Racers' }))._id
})
afterAll(() => Promise.all([owner.client.close(), ...tabs.map((t) => t.close())]))

const newProcess = async () => (await owner.client.call('process.create', { name: `Race ${Math.random().toString(36).slice(2, 8)}` }))._id as string
const entryOf = async (processId: string, id: string) =>
  (await owner.client.call('v2.process.member.list', processId)).find((e: any) => e.id === id) as { id: string; permissions: string[] }

test('four grants of different permissions to one team at once: the entry holds all four', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const processId = await newProcess()
    expect(await atOnce(tabs, (tab, i) => tab.call('v2.process.permissions.grant', processId, teamId, PERMISSIONS[i]))).toEqual([true, true, true, true])
    expect((await entryOf(processId, `team_${teamId}`)).permissions.sort()).toEqual(PERMISSIONS)
  }
})

test('four denies of different permissions at once: the entry holds none, and each deny took one away', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const processId = await newProcess()
    for (const p of PERMISSIONS) await owner.client.call('v2.process.permissions.grant', processId, teamId, p)
    expect(await atOnce(tabs, (tab, i) => tab.call('v2.process.permissions.deny', processId, teamId, PERMISSIONS[i]))).toEqual([true, true, true, true])
    expect((await entryOf(processId, `team_${teamId}`)).permissions).toEqual([])
  }
})

test('set_info of four different settings at once: all four are kept', async () => {
  const keys = ['description', 'createNewLabel', 'nameColumnText', 'personInChargeLabel']
  for (let round = 0; round < ROUNDS; round++) {
    const processId = await newProcess()
    await atOnce(tabs, (tab, i) => tab.call('process.set_info', processId, { [keys[i]]: `value ${i}` }))
    const process = await loadWorkflow(owner.client, processId)
    keys.forEach((k, i) => expect(process[k]).toBe(`value ${i}`))
  }
})

test('set_info, a document template, a translation and a grant at once: none undoes another', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const processId = await newProcess()
    await atOnce(tabs, (tab, i) =>
      [
        () => tab.call('process.set_info', processId, { description: 'described' }),
        () => tab.call('process.set_documentTemplate', processId, { name: 'Invoice', fieldMap: {} }),
        () => tab.call('v2.process.translation.create', processId, 'fi'),
        () => tab.call('v2.process.permissions.grant', processId, teamId, 'any'),
      ][i](),
    )
    const process = await loadWorkflow(owner.client, processId)
    expect(process.description).toBe('described')
    expect(process.translations!.fi).toBeDefined()
    expect(JSON.stringify(process.documentTemplates ?? process)).toContain('Invoice')
    expect(process.members.find((m: any) => m.id === `team_${teamId}`)!.permissions).toEqual(['any'])
  }
})

test('four fields created at once: fieldsOrder lists all four', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const processId = await newProcess()
    const created = await atOnce(tabs, (tab, i) => tab.call('process.create_field', processId, { label: `Field ${i}`, type: 'text' }))
    const process = await loadWorkflow(owner.client, processId)
    expect([...process.fieldsOrder].sort()).toEqual(created.map((f) => f._id).sort())
  }
})

test('prefix ids handed out at once are all different and follow each other', async () => {
  const processId = await newProcess()
  const got = await atOnce([...tabs, ...tabs], (tab) => tab.call('process.get_next_prefix_id', processId))
  const suffixes = got.map((g) => g.latestSuffix).sort((a, b) => a - b)
  expect(suffixes).toEqual(suffixes.map((_, i) => suffixes[0] + i))
})

test('four tabs toggle the star at once: no call fails, and the star ends as one of them left it', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const processId = await newProcess()
    const replies = await atOnce(tabs, (tab) => tab.send('v2.process.star', [processId]))
    expect(replies.filter((r) => r.error)).toEqual([])
    const { isStarred } = await loadWorkflow(owner.client, processId)
    expect(replies.map((r) => r.result.isStarred)).toContain(isStarred)
  }
})
