/** process.create_field, update_field, remove_field */
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { type FieldDescriptor, loadWorkflow, newPhaseId } from '../../helpers/workflows'

const PHASE = newPhaseId()

let cast: Cast
let owner: SignedIn
let member: JoinedMember
let stranger: SignedIn
let anon: Client
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

const newProcess = () => owner.client.call('process.create', { name: `Fields ${Math.random().toString(36).slice(2, 8)}` })

describe('process.create_field', () => {
  test('401, 400 naming the argument and property, 422 for linked processes of another workspace, 404, 403, then the descriptor and the signal', async () => {
    const p = await newProcess()
    const text = { label: 'Name', type: 'text' }
    expect((await anon.fail('process.create_field', p._id, text)).code).toBe(401)
    expect(await owner.client.fail('process.create_field', p._id, { label: 'x' })).toMatchObject({ code: 400, details: { argument: 1, name: 'field' } })
    expect(await owner.client.fail('process.create_field', p._id, { label: 'x', type: 'rainbow' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/type' },
    })
    const bad: [object, string][] = [
      [{ label: ' ', type: 'text' }, '/label'],
      [{ label: 'x', type: 'text', inviteToDiscussionOnChange: true }, '/inviteToDiscussionOnChange'],
      [{ label: 'x', type: 'textpredefinedoptions' }, '/data'],
      [{ label: 'x', type: 'textpredefinedoptions', data: MISSING }, '/data'],
      [{ label: 'x', type: 'textpredefinedoptions', data: ['a', 'a'] }, '/data'],
      [{ label: 'x', type: 'activitylink', data: ['not an id'] }, '/data'],
      [{ label: 'x', type: 'text', data: ['a'] }, '/data'],
      [{ label: 'x', type: 'text', unit: 'kg' }, '/unit'],
      [{ label: 'x', type: 'text', collapsedByDefault: true }, '/collapsedByDefault'],
      [{ label: 'x', type: 'numeric', defaultValue: 'many' }, '/defaultValue'],
    ]
    for (const [field, path] of bad)
      expect(await owner.client.fail('process.create_field', p._id, field)).toMatchObject({ code: 400, details: { argument: 1, path } })
    const theirs = await stranger.client.call('process.create', { name: 'Theirs' })
    expect(await owner.client.fail('process.create_field', p._id, { label: 'x', type: 'activitylink', data: [theirs._id] })).toMatchObject({
      code: 422,
      details: { missing: [theirs._id] },
    })
    expect((await stranger.client.fail('process.create_field', p._id, text)).code).toBe(404)
    expect((await member.client.fail('process.create_field', p._id, text)).code).toBe(403)
    expect((await loadWorkflow(owner.client, p._id)).fields).toEqual({})

    const field: FieldDescriptor = {
      label: 'Who',
      type: 'users',
      required: true,
      inviteToDiscussionOnChange: true,
      key: 'who',
      function: 'return dep.x',
      functionEnabled: true,
      functionVariables: { x: { type: '?', data: ['constant'] } },
    }
    const created = await owner.client.call('process.create_field', p._id, field)
    expect(created).toEqual({ ...field, _id: expect.stringMatching(/^[0-9a-f]{24}$/), uid: owner.uid, created: expect.any(Number) })
    await member.client.waitForSignal('process.field.created', (m) => m.processId === p._id && m._id === created._id)
    const options = await owner.client.call('process.create_field', p._id, { label: 'Size', type: 'textpredefinedoptions', data: ['S', 'M', 'L'] })
    const link = await owner.client.call('process.create_field', p._id, { label: 'Link', type: 'activitylink', data: [p._id] })
    const unit = await owner.client.call('process.create_field', p._id, {
      label: 'Weight',
      type: 'numericunit',
      unit: 'kg',
      defaultValue: '2.5',
      defaultTo: true,
    })
    const sub = await owner.client.call('process.create_field', p._id, { label: 'More', type: 'subheader', collapsedByDefault: true })
    expect((await owner.client.fail('process.create_field', p._id, { label: 'Again', type: 'text', key: 'who' })).code).toBe(409)
    const got = await loadWorkflow(member.client, p._id)
    expect(got.fieldsOrder).toEqual([created._id, options._id, link._id, unit._id, sub._id])
    expect(got.fields[options._id]).toMatchObject({ type: 'textpredefinedoptions', data: ['S', 'M', 'L'] })
    expect(got.fields[link._id]).toMatchObject({ data: [p._id] })
    expect(got.fields[created._id]).toEqual(created)
  })
})

describe('process.update_field', () => {
  test('401, 400 for a type, 422 for a field of another workflow, 404, 403, then the change and the signal', async () => {
    const p = await newProcess()
    const other = await newProcess()
    const f = await owner.client.call('process.create_field', p._id, { label: 'Size', type: 'textpredefinedoptions', data: ['S'] })
    const elsewhere = await owner.client.call('process.create_field', other._id, { label: 'Else', type: 'text' })
    expect((await anon.fail('process.update_field', p._id, f._id, { label: 'x' })).code).toBe(401)
    expect(await owner.client.fail('process.update_field', p._id, f._id, { type: 'text' })).toMatchObject({
      code: 400,
      details: { argument: 2, name: 'field' },
    })
    expect(await owner.client.fail('process.update_field', p._id, 'x', { label: 'x' })).toMatchObject({ code: 400, details: { argument: 1, name: 'fieldId' } })
    expect(await owner.client.fail('process.update_field', p._id, f._id, { data: [] })).toMatchObject({ code: 400, details: { argument: 2, path: '/data' } })
    expect(await owner.client.fail('process.update_field', p._id, f._id, { inviteToDiscussionOnChange: true })).toMatchObject({
      code: 400,
      details: { path: '/inviteToDiscussionOnChange' },
    })
    expect(await owner.client.fail('process.update_field', p._id, elsewhere._id, { label: 'x' })).toMatchObject({
      code: 422,
      details: { argument: 1, name: 'fieldId' },
    })
    expect((await owner.client.fail('process.update_field', p._id, MISSING, { label: 'x' })).code).toBe(422)
    expect((await stranger.client.fail('process.update_field', p._id, f._id, { label: 'Hijacked' })).code).toBe(404)
    expect((await member.client.fail('process.update_field', p._id, f._id, { label: 'By a user' })).code).toBe(403)
    expect((await loadWorkflow(owner.client, p._id)).fields[f._id]).toEqual(f)

    expect(await owner.client.call('process.update_field', p._id, f._id, { label: ' Sizes ', data: ['S', 'M'], required: true })).toBe(true)
    await member.client.waitForSignal('process.field.updated', (m) => m.processId === p._id && m._id === f._id)
    expect(await owner.client.call('process.update_field', p._id, f._id, { label: 'Koot' }, 'fi')).toBe(true)
    const got = (await loadWorkflow(owner.client, p._id)).fields[f._id]
    expect(got).toEqual({ ...f, label: 'Sizes', data: ['S', 'M'], required: true, translations: { fi: { label: 'Koot' } }, updated: expect.any(Number) })
  })
})

describe('process.remove_field', () => {
  test('401, 400, 422 for a field of another workflow, 404, 403, then the field leaves fieldsOrder and the phases', async () => {
    const p = await newProcess()
    const a = await owner.client.call('process.create_field', p._id, { label: 'A', type: 'text' })
    const b = await owner.client.call('process.create_field', p._id, { label: 'B', type: 'date' })
    await owner.client.call('process.set_info', p._id, { phases: { [PHASE]: { name: 'One', fields: [a._id, b._id] } } })
    expect((await anon.fail('process.remove_field', p._id, a._id)).code).toBe(401)
    expect(await owner.client.fail('process.remove_field', p._id, 7)).toMatchObject({ code: 400, details: { argument: 1 } })
    expect((await owner.client.fail('process.remove_field', p._id, MISSING)).code).toBe(422)
    expect((await stranger.client.fail('process.remove_field', p._id, a._id)).code).toBe(404)
    expect((await member.client.fail('process.remove_field', p._id, a._id)).code).toBe(403)

    expect(await owner.client.call('process.remove_field', p._id, a._id)).toBe(true)
    await member.client.waitForSignal('process.field.removed', (m) => m.processId === p._id && m._id === a._id)
    const got = await loadWorkflow(owner.client, p._id)
    expect(Object.keys(got.fields)).toEqual([b._id])
    expect(got.fieldsOrder).toEqual([b._id])
    expect(got.phases[PHASE].fields).toEqual([b._id])
    expect((await owner.client.fail('process.remove_field', p._id, a._id)).code).toBe(422)
  })
})
