/**
 * Ids an operation stores as references must name records of the caller's own workspace:
 * another workspace's file, member, field or discussion is a 404 naming the argument, and nothing
 * is stored; a discussion id given for a new activity must be unused (409).
 */
import { randomBytes } from 'node:crypto'
import { signedIn, type SignedIn } from '../helpers/users'
import { uploadOk, PNG_1x1 } from '../http/upload'

let a: SignedIn
let b: SignedIn
let bFile: string
let bField: string
let bActivity: any
let aProcess: any
let aTeam: string

beforeAll(async () => {
  a = await signedIn('refa')
  b = await signedIn('refb')
  bFile = await uploadOk(PNG_1x1, 'b.png', { key: b.key })
  const phase = randomBytes(12).toString('hex')
  const bProcess = await b.client.call('process.create', { name: 'B flow' })
  await b.client.call('process.set_info', bProcess._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
  bField = (await b.client.call('process.create_field', bProcess._id, { label: 'b', type: 'text' }))._id
  const bTeam = (await b.client.call('company.new_team', { name: 'B crew' }))._id
  bActivity = await b.client.call('v3.activity.create', bProcess._id, { name: 'B thing' }, { teamId: bTeam })
  aTeam = (await a.client.call('company.new_team', { name: 'A crew' }))._id
  aProcess = await a.client.call('process.create', { name: 'A flow' })
  const aPhase = randomBytes(12).toString('hex')
  await a.client.call('process.set_info', aProcess._id, { phases: { [aPhase]: { name: 'Open' } }, phasesOrder: [aPhase] })
})
afterAll(async () => {
  await a.client.close()
  await b.client.close()
})

describe('process.set_info', () => {
  test.each([
    ['coverImage', () => bFile],
    ['personInCharge', () => b.uid],
    ['defaultGroupByField', () => bField],
  ])('%s of another workspace is a 404 naming it, and nothing is stored', async (key, foreign) => {
    const error = await a.client.fail('process.set_info', aProcess._id, { [key]: foreign() })
    expect(error).toMatchObject({ code: 404, details: { argument: 1, path: `/${key}` } })
    const after = await a.client.call('v2.process.get', aProcess._id)
    expect(JSON.stringify(after)).not.toContain(foreign())
  })

  test('references of the own workspace are stored', async () => {
    const file = await uploadOk(PNG_1x1, 'a.png', { key: a.key })
    const field = (await a.client.call('process.create_field', aProcess._id, { label: 'a', type: 'text' }))._id
    expect(await a.client.call('process.set_info', aProcess._id, { coverImage: file, personInCharge: a.uid, defaultGroupByField: field })).toBe(true)
    const after = await a.client.call('v2.process.get', aProcess._id)
    expect(after).toMatchObject({ coverImage: file, personInCharge: a.uid, defaultGroupByField: field })
  })
})

describe('v3.activity.create discussionId', () => {
  test("another record's discussion is a 409 naming it; an unused one is taken", async () => {
    const taken = await a.client.fail('v3.activity.create', aProcess._id, { name: 'x' }, { teamId: aTeam, discussionId: bActivity.discussion })
    expect(taken).toMatchObject({ code: 409, details: { argument: 2, path: '/discussionId' } })
    const fresh = randomBytes(12).toString('hex')
    const made = await a.client.call('v3.activity.create', aProcess._id, { name: 'y' }, { teamId: aTeam, discussionId: fresh })
    expect(made.discussion).toBe(fresh)
  })
})

describe('v2.network.invite.send discussionIds', () => {
  test("another workspace's discussion is a 404 naming it, and no invite is made", async () => {
    const email = `ref.${Date.now()}@example.test`
    const error = await a.client.fail('v2.network.invite.send', { email, cid: a.cid, discussionIds: [bActivity.discussion] })
    expect(error).toMatchObject({ code: 404, details: { argument: 0, path: '/discussionIds/0' } })
    const invites = await a.client.call('v2.network.invite.list', a.cid)
    expect(JSON.stringify(invites)).not.toContain(email)
    const own = await a.client.call('v3.activity.create', aProcess._id, { name: 'z' }, { teamId: aTeam })
    const sent = await a.client.call('v2.network.invite.send', { email, cid: a.cid, discussionIds: [own.discussion] })
    expect(sent.email).toBe(email)
  })
})
