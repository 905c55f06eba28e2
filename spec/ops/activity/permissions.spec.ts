/** v3.activity.permissions: what a member may do in each workflow, from THE rule of server/policies/processes.ts. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let anon: Client
let open: any
let hidden: any
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
  open = await owner.client.call('process.create', { name: 'Open' })
  hidden = await owner.client.call('process.create', { name: 'Hidden' })
  await owner.client.call('v2.process.member.remove', hidden._id, `network_${owner.cid}`)
  await owner.client.call('v2.process.permissions.grant', open._id, member.uid, 'ownteam')
})
afterAll(() => closeCast(cast))

const none = { see: true, create: true, editAny: false, editOwn: false, administer: false }

test('401, 400 naming the argument, 404 for another workspace, 403 for another member without members.manage', async () => {
  expect((await anon.fail('v3.activity.permissions', member.uid, owner.cid)).code).toBe(401)
  expect(await member.client.fail('v3.activity.permissions', member.uid)).toMatchObject({ code: 400 })
  expect(await member.client.fail('v3.activity.permissions', member.uid, 'x')).toMatchObject({ code: 400, details: { argument: 1 } })
  expect((await stranger.client.fail('v3.activity.permissions', stranger.uid, owner.cid)).code).toBe(404)
  expect((await member.client.fail('v3.activity.permissions', owner.uid, owner.cid)).code).toBe(403)
  expect((await owner.client.fail('v3.activity.permissions', stranger.uid, owner.cid)).code).toBe(404)
})

test('oneself, and an admin checking another member: only the workflows they see, with details and items', async () => {
  const mine = await member.client.call('v3.activity.permissions', member.uid, owner.cid)
  expect(mine).toEqual({
    [member.uid]: { cid: owner.cid, uid: member.uid, role: 'user', workflows: { [open._id]: { ...none, editOwn: true, editOwnTeam: true } } },
  })
  const checked = await owner.client.call('v3.activity.permissions', member.uid, owner.cid, {
    details: true,
    items: { workflowIds: [open._id, hidden._id, MISSING], calendarIds: [MISSING] },
  })
  expect(checked[member.uid].workflows).toEqual({
    [open._id]: { ...none, editOwn: true, editOwnTeam: true, name: 'Open' },
    [hidden._id]: null,
    [MISSING]: null,
  })
  expect(checked[member.uid].calendars).toEqual({ [MISSING]: null })
  const own = await owner.client.call('v3.activity.permissions', owner.uid, owner.cid)
  expect(own[owner.uid].workflows[hidden._id]).toEqual({ see: true, create: true, editAny: true, editOwn: false, editOwnTeam: false, administer: true })
})
