/** v3.activity.ball.take, pass, clear, candidates, list: the ball state table of docs/reference/interface.md. */
import { Client } from '../../helpers/client'
import { MISSING, newId } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { addOpenPhase } from '../../helpers/workflows'

let cast: Cast<'editor' | 'outsider'>
let owner: SignedIn
let member: JoinedMember
let editor: JoinedMember
let outsider: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast({ editor: 'user', outsider: 'user' })
  ;({ owner, member, editor, outsider, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Players' }))._id
})
afterAll(() => closeCast(cast))

async function workflow() {
  const p = await owner.client.call('process.create', { name: `Ball ${newId().slice(0, 6)}` })
  const A = await addOpenPhase(owner.client, p._id)
  await owner.client.call('v2.process.permissions.grant', p._id, editor.uid, 'any')
  const make = (name = 'Ball game') => owner.client.call('v3.activity.create', p._id, { name, followerIds: [member.uid, editor.uid] }, { teamId })
  return { p, A, make }
}

const holder = async (id: string) => (await owner.client.call('v3.activity.get', id)).ballHolder ?? null

describe('v3.activity.ball: errors', () => {
  test('401, 400 naming the argument, 404 for another workspace or a removed activity, 403 without edit permission (nothing changed)', async () => {
    const { make } = await workflow()
    const a = await make()
    for (const op of ['take', 'clear', 'candidates']) {
      expect((await anon.fail(`v3.activity.ball.${op}`, a._id)).code).toBe(401)
      expect(await owner.client.fail(`v3.activity.ball.${op}`, 'nope')).toMatchObject({ code: 400, details: { argument: 0, name: 'activityId' } })
      expect((await stranger.client.fail(`v3.activity.ball.${op}`, a._id)).code).toBe(404)
      expect((await owner.client.fail(`v3.activity.ball.${op}`, MISSING)).code).toBe(404)
    }
    expect((await anon.fail('v3.activity.ball.pass', a._id, member.uid)).code).toBe(401)
    expect((await anon.fail('v3.activity.ball.list', '*')).code).toBe(401)
    expect(await owner.client.fail('v3.activity.ball.pass', a._id, 'me')).toMatchObject({ code: 400, details: { argument: 1, name: 'userId' } })
    expect(await owner.client.fail('v3.activity.ball.list', 'all')).toMatchObject({ code: 400, details: { argument: 0, name: 'discussionIds' } })
    expect((await stranger.client.fail('v3.activity.ball.pass', a._id, stranger.uid)).code).toBe(404)

    expect(await member.client.fail('v3.activity.ball.take', a._id)).toMatchObject({ code: 403 })
    expect(await member.client.fail('v3.activity.ball.pass', a._id, member.uid)).toMatchObject({ code: 403 })
    await owner.client.call('v3.activity.ball.take', a._id)
    expect(await member.client.fail('v3.activity.ball.clear', a._id)).toMatchObject({ code: 403 })
    expect((await holder(a._id))!.uid).toBe(owner.uid)

    await owner.client.call('v3.activity.remove', [a._id])
    expect((await owner.client.fail('v3.activity.ball.take', a._id)).code).toBe(404)
    expect((await owner.client.fail('v3.activity.ball.candidates', a._id)).code).toBe(404)
  })
})

describe('v3.activity.ball: the state table', () => {
  test('none --take--> the caller holds it; the move is recorded and signalled to a second client', async () => {
    const { p, make } = await workflow()
    const a = await make()
    expect(await holder(a._id)).toBeNull()
    const taken = await owner.client.call('v3.activity.ball.take', a._id)
    expect(taken).toEqual({ _id: a._id, ballHolder: { uid: owner.uid, since: expect.any(Number) } })
    expect(await holder(a._id)).toEqual(taken.ballHolder)
    const s = await member.client.waitForSignal('v3.activity.ball', (m) => m._id === a._id)
    expect(s.meta).toEqual({ _id: a._id, processId: p._id, from: null, to: owner.uid })
    const history = await owner.client.call('v3.activity.extractHistory', { activityId: a._id })
    expect(history.filter((h: any) => h.kind === 'ball').map((h: any) => h.changes)).toEqual([{ ball: { from: null, to: owner.uid } }])
    // Taking it again while holding it changes nothing.
    expect(await owner.client.call('v3.activity.ball.take', a._id)).toEqual(taken)
  })

  test('a holder --take--> the caller holds it', async () => {
    const { p, make } = await workflow()
    const a = await make()
    await owner.client.call('v3.activity.ball.take', a._id)
    expect((await editor.client.call('v3.activity.ball.take', a._id)).ballHolder!.uid).toBe(editor.uid)
    expect((await holder(a._id))!.uid).toBe(editor.uid)
    const s = await member.client.waitForSignal('v3.activity.ball', (m) => m._id === a._id && m.to === editor.uid)
    expect(s.meta).toEqual({ _id: a._id, processId: p._id, from: owner.uid, to: editor.uid })
  })

  test('none --pass--> a follower holds it; a holder --pass--> another follower; never to a non-follower (422)', async () => {
    const { make } = await workflow()
    const a = await make()
    expect(await owner.client.fail('v3.activity.ball.pass', a._id, outsider.uid)).toMatchObject({ code: 422, details: { argument: 1, name: 'userId' } })
    expect(await owner.client.fail('v3.activity.ball.pass', a._id, stranger.uid)).toMatchObject({ code: 422 })
    expect(await holder(a._id)).toBeNull()
    expect((await owner.client.call('v3.activity.ball.pass', a._id, member.uid)).ballHolder!.uid).toBe(member.uid)
    expect((await holder(a._id))!.uid).toBe(member.uid)
    await member.client.waitForSignal('v3.activity.ball', (m) => m._id === a._id && m.from === null && m.to === member.uid)
    expect((await editor.client.call('v3.activity.ball.pass', a._id, owner.uid)).ballHolder!.uid).toBe(owner.uid)
    await member.client.waitForSignal('v3.activity.ball', (m) => m._id === a._id && m.from === member.uid && m.to === owner.uid)
    expect(await owner.client.fail('v3.activity.ball.pass', a._id, outsider.uid)).toMatchObject({ code: 422 })
    expect((await holder(a._id))!.uid).toBe(owner.uid)
  })

  test('a holder --clear--> nobody holds it; clear with nobody holding it is no move of the table (422)', async () => {
    const { p, make } = await workflow()
    const a = await make()
    expect(await owner.client.fail('v3.activity.ball.clear', a._id)).toMatchObject({ code: 422 })
    await owner.client.call('v3.activity.ball.pass', a._id, member.uid)
    expect(await editor.client.call('v3.activity.ball.clear', a._id)).toEqual({ _id: a._id, ballHolder: null })
    expect(await holder(a._id)).toBeNull()
    const s = await member.client.waitForSignal('v3.activity.ball', (m) => m._id === a._id && m.to === null)
    expect(s.meta).toEqual({ _id: a._id, processId: p._id, from: member.uid, to: null })
    const kinds = (await owner.client.call('v3.activity.extractHistory', { activityId: a._id })).filter((h: any) => h.kind === 'ball')
    expect(kinds.map((h: any) => h.changes.ball)).toEqual([
      { from: null, to: member.uid },
      { from: member.uid, to: null },
    ])
  })
})

describe('v3.activity.ball.candidates and list', () => {
  test('candidates are the followers; list shows the holders the caller may see', async () => {
    const { p, make } = await workflow()
    const a = await make('Held')
    const b = await make('Free')
    expect((await member.client.call('v3.activity.ball.candidates', a._id)).sort()).toEqual([owner.uid, member.uid, editor.uid].sort())
    await owner.client.call('v3.activity.ball.pass', a._id, editor.uid)

    const mine = (await member.client.call('v3.activity.ball.list', '*')).filter((e: any) => e.processId === p._id)
    expect(mine).toEqual([{ activityId: a._id, discussionId: a.discussion, processId: p._id, ballHolder: { uid: editor.uid, since: expect.any(Number) } }])
    expect(await member.client.call('v3.activity.ball.list', [a.discussion, b.discussion, MISSING])).toEqual(mine)
    expect(await member.client.call('v3.activity.ball.list', [])).toEqual([])
    expect(await stranger.client.call('v3.activity.ball.list', '*')).toEqual([])
    expect(await stranger.client.call('v3.activity.ball.list', [a.discussion])).toEqual([])

    // Restricted away from the member: its balls disappear from their list.
    await owner.client.call('v2.process.member.add', p._id, `user_${editor.uid}`)
    await owner.client.call('v2.process.member.remove', p._id, `network_${owner.cid}`)
    expect(await member.client.call('v3.activity.ball.list', [a.discussion])).toEqual([])
    expect((await member.client.fail('v3.activity.ball.candidates', a._id)).code).toBe(404)
    expect(await editor.client.call('v3.activity.ball.list', [a.discussion])).toEqual(mine)
  })
})
