/** v3.activity.template.create: an object to base create calls on. */
import { Client } from '../../helpers/client'
import { MISSING, newId } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

let cast: Cast<'guest'>
let owner: SignedIn
let member: JoinedMember
let guest: JoinedMember
let stranger: SignedIn
let anon: Client
let teamId: string
beforeAll(async () => {
  cast = await meetCast({ guest: 'guest' })
  ;({ owner, member, guest, stranger, anon } = cast)
  teamId = (await owner.client.call('company.new_team', { name: 'Templaters' }))._id
})
afterAll(() => closeCast(cast))

test('401, 400 naming the argument, 404 for another workspace or an unknown phase, 403 without create permission, then the template', async () => {
  const p = await owner.client.call('process.create', { name: `Template ${newId().slice(0, 6)}` })
  const num = await owner.client.call('process.create_field', p._id, { label: 'Amount', type: 'numeric', defaultValue: '5', defaultTo: true })
  const text = await owner.client.call('process.create_field', p._id, { label: 'Greeting', type: 'text', defaultValue: 'hello', defaultTo: true })
  const off = await owner.client.call('process.create_field', p._id, { label: 'Not defaulted', type: 'text', defaultValue: 'ignored' })
  const req = await owner.client.call('process.create_field', p._id, { label: 'Required', type: 'text', required: true })
  const sub = await owner.client.call('process.create_field', p._id, { label: 'Section', type: 'subheader' })
  const A = newId()
  const B = newId()
  await owner.client.call('process.set_info', p._id, {
    phases: { [A]: { name: 'Open', fields: [num._id, text._id, off._id, req._id, sub._id] }, [B]: { name: 'Done', fields: [text._id] } },
    phasesOrder: [A, B],
    allowGuests: true,
  })
  await owner.client.call('v2.process.member.add', p._id, `user_${guest.uid}`)

  expect((await anon.fail('v3.activity.template.create', p._id, A)).code).toBe(401)
  expect(await owner.client.fail('v3.activity.template.create', p._id)).toMatchObject({ code: 400, details: { argument: 1, name: 'phaseId' } })
  expect(await owner.client.fail('v3.activity.template.create', 'p', A)).toMatchObject({ code: 400, details: { argument: 0, name: 'processId' } })
  expect((await stranger.client.fail('v3.activity.template.create', p._id, A)).code).toBe(404)
  expect(await owner.client.fail('v3.activity.template.create', p._id, MISSING)).toMatchObject({ code: 404, details: { argument: 1, name: 'phaseId' } })
  expect(await guest.client.fail('v3.activity.template.create', p._id, A)).toMatchObject({ code: 403 })

  const template = await member.client.call('v3.activity.template.create', p._id, A)
  expect(template).toEqual({ processId: p._id, phaseId: A, name: '', fields: { [num._id]: 5, [text._id]: 'hello' }, required: [req._id] })
  expect(await owner.client.call('v3.activity.template.create', p._id, B)).toEqual({
    processId: p._id,
    phaseId: B,
    name: '',
    fields: { [text._id]: 'hello' },
    required: [],
  })

  // A create based on it: missing the required value is refused, with it the defaults are kept.
  expect(
    (
      await member.client.fail(
        'v3.activity.create',
        template.processId,
        { name: 'From template', phaseId: template.phaseId, fields: template.fields },
        { teamId },
      )
    ).code,
  ).toBe(400)
  const made = await member.client.call(
    'v3.activity.create',
    template.processId,
    { name: 'From template', phaseId: template.phaseId, fields: { ...template.fields, [req._id]: 'yes' } },
    { teamId },
  )
  expect(made.fields).toEqual(
    expect.arrayContaining([
      { _id: num._id, value: 5 },
      { _id: text._id, value: 'hello' },
    ]),
  )
})
