/**
 * Stale writes under load: many sockets change one value at once, each from the same read and with
 * `expect` holding it. The record is locked before the comparison, so exactly one write goes through
 * and every other is refused with 409 naming the value the winner wrote (on PostgreSQL the writers
 * run in parallel transactions; without the lock several would pass).
 */
import type { Client } from '../helpers/client'
import { atOnce, socketsOf } from '../helpers/sockets'
import { signedIn, type SignedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'

const ROUNDS = 5
const WRITERS = 8

let owner: SignedIn
let tabs: Client[]
beforeAll(async () => {
  owner = await signedIn('stalerace')
  tabs = await socketsOf(owner, WRITERS)
})
afterAll(() => Promise.all([owner.client.close(), ...tabs.map((t) => t.close())]))

/** The one reply that succeeded, after checking that every other is a 409 stale naming `field` with the winner's value. */
function onlyWinner(replies: any[], field: string, valueOf: (i: number) => unknown) {
  const winners = replies.flatMap((r, i) => (r.error ? [] : [i]))
  expect(winners).toHaveLength(1)
  for (const r of replies.filter((r) => r.error))
    expect(r.error).toMatchObject({ code: 409, details: { reason: 'stale', field, current: valueOf(winners[0]) } })
  return winners[0]
}

test(`${WRITERS} writers change one field of one activity from the same read: exactly one succeeds`, async () => {
  const { p, teamId } = await workflowWithPhase(owner.client, 'Race stale')
  const field = (await owner.client.call('process.create_field', p._id, { label: 'Value', type: 'text' }))._id
  for (let round = 0; round < ROUNDS; round++) {
    const { _id } = await owner.client.call('v3.activity.create', p._id, { name: `Round ${round}`, fields: { [field]: 'read' } }, { teamId })
    const value = (i: number) => `tab ${i}`
    const replies = await atOnce(tabs, (tab, i) =>
      tab.send('v3.activity.updateMany', [[{ _id, fields: { [field]: value(i) }, expect: { fields: { [field]: 'read' } } }]]),
    )
    const winner = onlyWinner(replies, `fields.${field}`, value)
    const got = await owner.client.call('v3.activity.get', _id)
    expect(got.fields!.find((f: any) => f._id === field)!.value).toBe(value(winner))
  }
})

test(`${WRITERS} admins rename one workflow from the same read: exactly one succeeds`, async () => {
  const { p } = await workflowWithPhase(owner.client, 'Race rename')
  for (let round = 0; round < ROUNDS; round++) {
    const read = (await owner.client.call('v2.process.get', p._id)).name
    const name = (i: number) => `Round ${round} tab ${i}`
    const replies = await atOnce(tabs, (tab, i) => tab.send('process.set_info', [p._id, { name: name(i), expect: { name: read } }]))
    const winner = onlyWinner(replies, 'name', name)
    expect((await owner.client.call('v2.process.get', p._id)).name).toBe(name(winner))
  }
})

test(`${WRITERS} admins rename the workspace from the same read: exactly one succeeds`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const read = (await owner.client.call('v2.network.get', owner.cid)).name
    const name = (i: number) => `Round ${round} tab ${i}`
    const replies = await atOnce(tabs, (tab, i) => tab.send('v2.network.update', [null, { name: name(i), expect: { name: read } }]))
    const winner = onlyWinner(replies, 'name', name)
    expect((await owner.client.call('v2.network.get', owner.cid)).name).toBe(name(winner))
  }
})
