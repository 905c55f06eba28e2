/** v3.activity.updateMany: values, phase moves, completePhases, discussion invites, permissions, history-backed signals, all or nothing. */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { newPhaseId } from '../../helpers/workflows'

const PHASE_A = newPhaseId()
const PHASE_B = newPhaseId()

let cast: Cast<'editor'>
let owner: SignedIn
let member: JoinedMember
let editor: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
let wf: any
let text: string
let num: string
let users: string
beforeAll(async () => {
  cast = await meetCast({ editor: 'user' })
  ;({ owner, member, editor, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Crew' }))._id
  wf = await owner.client.call('process.create', { name: 'Updates' })
  text = (await owner.client.call('process.create_field', wf._id, { label: 'Title', type: 'text', required: true }))._id
  num = (await owner.client.call('process.create_field', wf._id, { label: 'Amount', type: 'numeric' }))._id
  users = (await owner.client.call('process.create_field', wf._id, { label: 'Owner', type: 'users', inviteToDiscussionOnChange: true }))._id
  await owner.client.call('process.set_info', wf._id, {
    phases: { [PHASE_A]: { name: 'Open' }, [PHASE_B]: { name: 'Done', fields: [text] } },
    phasesOrder: [PHASE_A, PHASE_B],
  })
  await owner.client.call('v2.process.permissions.grant', wf._id, editor.uid, 'own')
})
afterAll(() => closeCast(cast))

test('401, 400 naming the argument and the field, 404 for another workspace (nothing changed), 403 without edit permission', async () => {
  const a = await owner.client.call('v3.activity.create', wf._id, { name: 'A' }, { teamId })
  expect((await anon.fail('v3.activity.updateMany', [{ _id: a._id, name: 'x' }])).code).toBe(401)
  expect(await owner.client.fail('v3.activity.updateMany', [{ _id: 'x' }])).toMatchObject({ code: 400, details: { argument: 0 } })
  expect(await owner.client.fail('v3.activity.updateMany', [{ _id: a._id, nope: 1 }])).toMatchObject({ code: 400, details: { argument: 0 } })
  expect(await owner.client.fail('v3.activity.updateMany', [{ _id: a._id, fields: { [num]: 'many' } }])).toMatchObject({
    code: 400,
    details: { argument: 0, name: 'updates', index: 0, path: `/0/fields/${num}`, field: num },
  })
  expect(await owner.client.fail('v3.activity.updateMany', [{ _id: a._id, fields: { [users]: [stranger.uid] } }])).toMatchObject({
    code: 400,
    details: { index: 0, field: users },
  })
  expect((await stranger.client.fail('v3.activity.updateMany', [{ _id: a._id, name: 'x' }])).code).toBe(404)
  expect((await owner.client.fail('v3.activity.updateMany', [{ _id: MISSING, name: 'x' }])).code).toBe(404)
  expect(await member.client.fail('v3.activity.updateMany', [{ _id: a._id, name: 'x' }])).toMatchObject({ code: 403, details: { index: 0 } })
  // own: the editor edits what they created, not the owner's.
  expect((await editor.client.fail('v3.activity.updateMany', [{ _id: a._id, name: 'x' }])).code).toBe(403)
  const mine = await editor.client.call('v3.activity.create', wf._id, { name: 'Mine' }, { teamId })
  expect(await editor.client.call('v3.activity.updateMany', [{ _id: mine._id, name: 'Still mine' }])).toBe(1)
  expect((await owner.client.call('v3.activity.get', a._id)).name).toBe('A')
})

test('fields, phase moves keep completePhases, required fields of the new phase, invites, signals; all or nothing', async () => {
  const [a, b] = await owner.client.call('v3.activity.createMany', wf._id, [{ name: 'A' }, { name: 'B' }], { teamId })
  // Moving to Done needs the title (required there) unless ignoreRequired.
  expect(await owner.client.fail('v3.activity.updateMany', [{ _id: a._id, phaseId: PHASE_B }])).toMatchObject({ code: 400, details: { index: 0, field: text } })
  expect(await owner.client.fail('v3.activity.updateMany', [{ _id: a._id, phaseId: MISSING }])).toMatchObject({ code: 422, details: { index: 0 } })
  // A bad second update: the first is not written either.
  expect(
    await owner.client.fail('v3.activity.updateMany', [
      { _id: a._id, name: 'A2' },
      { _id: b._id, fields: { [num]: 'x' } },
    ]),
  ).toMatchObject({ code: 400, details: { name: 'updates', index: 1, path: `/1/fields/${num}` } })
  expect(await owner.client.fail('v3.activity.updateMany', [{ _id: a._id }, { _id: a._id }])).toMatchObject({
    code: 400,
    msg: 'argument 1 (updates/1/_id) repeats an activity',
    details: { name: 'updates', index: 1 },
  })
  expect((await owner.client.call('v3.activity.get', a._id)).name).toBe('A')

  const counts = async () => (await owner.client.call('v3.activity.phaseCount', wf._id))[wf._id]
  const before = await counts()
  expect(
    await owner.client.call('v3.activity.updateMany', [
      { _id: a._id, name: 'A2', phaseId: PHASE_B, fields: { [text]: 'title', [num]: 7, [users]: [member.uid] } },
      { _id: b._id, priority: 2 },
    ]),
  ).toBe(2)
  const got = await owner.client.call('v3.activity.get', a._id)
  expect(got).toMatchObject({ name: 'A2', currentPhase: PHASE_B, completePhases: [PHASE_A], followers: [owner.uid, member.uid] })
  expect((await owner.client.call('v3.activity.get', b._id)).priority).toBe(2)
  expect(await counts()).toEqual({ [PHASE_A]: before[PHASE_A] - 1, [PHASE_B]: before[PHASE_B] + 1 })
  const updated = await member.client.waitForSignal('v3.activity.updated', (m) => m._id === a._id)
  expect(updated.meta).toEqual({ _id: a._id, processId: wf._id, fields: [text, num, users] })
  expect((await member.client.waitForSignal('v3.activity.phase', (m) => m._id === a._id)).meta).toEqual({
    _id: a._id,
    processId: wf._id,
    from: PHASE_A,
    to: PHASE_B,
  })

  // Back to Open: Done joins completePhases, Open stays; a null clears a value; nothing changed counts 0.
  expect(await owner.client.call('v3.activity.updateMany', [{ _id: a._id, phaseId: PHASE_A, fields: { [num]: null } }])).toBe(1)
  const back = await owner.client.call('v3.activity.get', a._id)
  expect(back.completePhases).toEqual([PHASE_A, PHASE_B])
  expect(back.fields!.map((f: any) => f._id)).toEqual([text, users])
  expect(await owner.client.call('v3.activity.updateMany', [{ _id: a._id, name: 'A2' }])).toBe(0)
  await new Promise((r) => setTimeout(r, 200))
  expect(stranger.client.signals.some((s) => s.sig.startsWith('v3.activity.'))).toBe(false)
})

test('a bulk update tells its signals in the order of the updates, numbered one after another, and records each change', async () => {
  const made = await owner.client.call(
    'v3.activity.createMany',
    wf._id,
    Array.from({ length: 300 }, (_, i) => ({ name: `Bulk ${i}` })),
    { teamId },
  )
  const order = made.map((a: any) => a._id).reverse()
  const quotes = 'a "quoted" \\ value, {with} braces'
  const updates = order.map((_id: string, i: number) => ({ _id, fields: { [num]: i, [text]: `${quotes} ${i}` } }))
  expect(await owner.client.call('v3.activity.updateMany', updates)).toBe(300)
  await member.client.waitForSignal('v3.activity.updated', (m) => m._id === order[299])
  const heard = member.client.signals.filter((s) => s.sig === 'v3.activity.updated' && order.includes(s.meta._id))
  expect(heard.map((s) => s.meta._id)).toEqual(order)
  expect(heard.map((s) => s.seq! - heard[0].seq!)).toEqual(order.map((_: string, i: number) => i))
  const last = await owner.client.call('v3.activity.get', order[299])
  expect(last.fields!.find((f: any) => f._id === text)!.value).toBe(`${quotes} 299`)
  const history = await owner.client.call('v3.activity.timeline2', { activityId: order[299] })
  expect(history[0]).toMatchObject({ kind: 'updated', changes: { fields: { [text]: { from: null, to: `${quotes} 299` }, [num]: { from: null, to: 299 } } } })
})
