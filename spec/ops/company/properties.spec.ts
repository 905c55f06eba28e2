/**
 * company.add_property_field, update_property_field, remove_property_field, set_property_value,
 * set_user_property_value; values show in v2.network.get as each member's `properties`.
 */
import { type ArgsOf, Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, joinWorkspace, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

let cast: Cast
let owner: SignedIn
let member: SignedIn // a plain 'user' member of owner's workspace
let stranger: SignedIn // owner of another workspace
let anon: Client
beforeAll(async () => {
  cast = await meetCast()
  ;({ owner, member, stranger, anon } = cast)
})
afterAll(() => closeCast(cast))

/** A user property field as company.add_property_field takes it. */
type FieldDefinition = ArgsOf<'company.add_property_field'>[1]
type FieldInput = Partial<FieldDefinition> & Pick<FieldDefinition, 'type'>
const addField = (input: FieldInput, c = owner.client) =>
  c.call('company.add_property_field', 'users', { label: `${input.type} field`, filledBy: 'admin', ...input })
const workspace = () => owner.client.call('v2.network.get', owner.cid)
const valuesOf = async (uid: string) => (await workspace()).members.find((m: any) => m.uid === uid)!.properties as Record<string, unknown>
const setValue = (fieldId: string, uid: string, data?: unknown, c = owner.client) =>
  c.send('company.set_property_value', [fieldId, 'users', data === undefined ? { uid } : { uid, data }])

describe('company.add_property_field', () => {
  test('401, 400 naming the key, 403 for a user, then the field, in the workspace, and its signal', async () => {
    const ok: FieldDefinition = { label: 'Nickname', type: 'text', filledBy: 'user' }
    expect((await anon.fail('company.add_property_field', 'users', ok)).code).toBe(401)
    expect(await owner.client.fail('company.add_property_field', 'teams', ok)).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('company.add_property_field', 'users', { ...ok, type: 'bogus' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/type' },
    })
    expect(await owner.client.fail('company.add_property_field', 'users', { label: 'x', type: 'text' })).toMatchObject({
      code: 400,
      details: { path: '/filledBy' },
    })
    expect(await owner.client.fail('company.add_property_field', 'users', { ...ok, filledBy: 'anyone' })).toMatchObject({
      code: 400,
      details: { path: '/filledBy' },
    })
    expect(await owner.client.fail('company.add_property_field', 'users', { ...ok, label: '' })).toMatchObject({ code: 400, details: { path: '/label' } })
    expect(await owner.client.fail('company.add_property_field', 'users', { ...ok, label: '   ' })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/label' },
    })
    expect(await owner.client.fail('company.add_property_field', 'users', { ...ok, type: 'optionlist' })).toMatchObject({
      code: 400,
      details: { path: '/data' },
    })
    expect(await owner.client.fail('company.add_property_field', 'users', { ...ok, type: 'optionlist', data: 'a' })).toMatchObject({
      code: 400,
      details: { path: '/data' },
    })
    expect(await owner.client.fail('company.add_property_field', 'users', { ...ok, type: 'optionlist', data: ['a', ' a '] })).toMatchObject({
      code: 400,
      details: { path: '/data/1' },
    })
    expect(await owner.client.fail('company.add_property_field', 'users', { ...ok, data: ['a'] })).toMatchObject({ code: 400, details: { path: '/data' } })
    expect(await member.client.fail('company.add_property_field', 'users', ok)).toMatchObject({ code: 403 })
    expect((await workspace()).propertyFields).toEqual([])

    const field = await owner.client.call('company.add_property_field', 'users', ok)
    expect(field).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      label: 'Nickname',
      type: 'text',
      filledBy: 'user',
      enableMultiple: false,
      uid: owner.uid,
      created: expect.any(Number),
    })
    const options = await addField({ label: ' Size ', type: 'optionlist', data: [' S', 'M ', 'L'], enableMultiple: true })
    expect(options).toMatchObject({ label: 'Size', type: 'optionlist', enableMultiple: true, data: ['S', 'M', 'L'] })
    expect((await workspace()).propertyFields).toEqual([field, options])
    const signal = await member.client.waitForSignal('company.propertyField.created', (m) => m._id === field._id)
    expect(signal.meta).toEqual({ cid: owner.cid, _id: field._id })
    expect(stranger.client.signals.filter((s) => s.sig.startsWith('company.property'))).toEqual([])
  })
})

describe('company.update_property_field', () => {
  test('401, 400, 404 for another workspace with nothing changed, 403 for a user, then the record without enableMultiple and data', async () => {
    const field = await addField({ label: 'Before', type: 'text', filledBy: 'user' })
    const change: FieldDefinition = { label: 'After', type: 'text', filledBy: 'admin' }
    expect((await anon.fail('company.update_property_field', 'users', field._id, change)).code).toBe(401)
    expect(await owner.client.fail('company.update_property_field', 'users', 'x', change)).toMatchObject({
      code: 400,
      details: { argument: 1, name: 'fieldId' },
    })
    expect(await owner.client.fail('company.update_property_field', 'users', field._id, { type: 'text', filledBy: 'admin' })).toMatchObject({
      code: 400,
      details: { argument: 2, path: '/label' },
    })
    expect(await owner.client.fail('company.update_property_field', 'users', field._id, { ...change, _id: MISSING })).toMatchObject({
      code: 400,
      details: { argument: 2, path: '/_id' },
    })
    expect((await stranger.client.fail('company.update_property_field', 'users', field._id, change)).code).toBe(404)
    expect((await owner.client.fail('company.update_property_field', 'users', MISSING, change)).code).toBe(404)
    expect((await member.client.fail('company.update_property_field', 'users', field._id, change)).code).toBe(403)
    expect((await workspace()).propertyFields!.find((f: any) => f._id === field._id)).toEqual(field)

    const updated = await owner.client.call('company.update_property_field', 'users', field._id, {
      ...change,
      _id: field._id,
      uid: stranger.uid,
      created: 1,
      enableMultiple: true,
    })
    expect(updated).toEqual({
      _id: field._id,
      label: 'After',
      type: 'text',
      filledBy: 'admin',
      uid: owner.uid,
      created: field.created,
      updated: expect.any(Number),
    })
    expect((await workspace()).propertyFields!.find((f: any) => f._id === field._id)).toMatchObject({ label: 'After', enableMultiple: true })
    const signal = await member.client.waitForSignal('company.propertyField.updated', (m) => m._id === field._id)
    expect(signal.meta.changed.sort()).toEqual(['enableMultiple', 'filledBy', 'label'])
  })

  test('stored values are carried over to the new definition, or the change is refused (422) and nothing changes', async () => {
    const field = await addField({ label: 'Contact', type: 'text' })
    const put = { label: 'Contact', filledBy: 'admin' } as const
    expect((await setValue(field._id, member.uid, 'not an address')).result).toBe(true)
    expect(await owner.client.fail('company.update_property_field', 'users', field._id, { ...put, type: 'email' })).toMatchObject({
      code: 422,
      details: { field: field._id, uid: member.uid },
    })
    expect((await workspace()).propertyFields!.find((f: any) => f._id === field._id)!.type).toBe('text')
    expect((await valuesOf(member.uid))[field._id]).toBe('not an address')

    await setValue(field._id, member.uid, 'ada@example.test')
    await owner.client.call('company.update_property_field', 'users', field._id, { ...put, type: 'email' })
    await owner.client.call('company.update_property_field', 'users', field._id, { ...put, type: 'email', enableMultiple: true })
    expect((await valuesOf(member.uid))[field._id]).toEqual(['ada@example.test'])
    await setValue(field._id, member.uid, ['ada@example.test', 'lovelace@example.test'])
    expect((await owner.client.fail('company.update_property_field', 'users', field._id, { ...put, type: 'email', enableMultiple: false })).code).toBe(422)
    await setValue(field._id, member.uid, ['ada@example.test'])
    await owner.client.call('company.update_property_field', 'users', field._id, { ...put, type: 'email', enableMultiple: false })
    expect((await valuesOf(member.uid))[field._id]).toBe('ada@example.test')

    const sizes = await addField({ label: 'Size', type: 'optionlist', data: ['S', 'M'] })
    await setValue(sizes._id, member.uid, 'M')
    expect(
      await owner.client.fail('company.update_property_field', 'users', sizes._id, { label: 'Size', type: 'optionlist', filledBy: 'admin', data: ['S'] }),
    ).toMatchObject({ code: 422 })
    const renamed = await owner.client.call('company.update_property_field', 'users', sizes._id, {
      label: 'Size',
      type: 'optionlist',
      filledBy: 'admin',
      data: ['S', 'M', 'L'],
    })
    expect(renamed).not.toHaveProperty('data')
    expect((await workspace()).propertyFields!.find((f: any) => f._id === sizes._id)!.data).toEqual(['S', 'M', 'L'])
    expect(await owner.client.fail('company.update_property_field', 'users', field._id, { ...put, type: 'optionlist' })).toMatchObject({
      code: 400,
      details: { path: '/data' },
    })
  })
})

test('values left by a former member neither show nor block a change of definition', async () => {
  const leaver = await joinWorkspace(owner, { role: 'user', tag: 'leaver' })
  const field = await addField({ label: 'Was text', type: 'text' })
  await setValue(field._id, leaver.uid, 'not an address')
  expect(await owner.client.call('company.remove_user', leaver.uid)).toBe(true)
  await owner.client.call('company.update_property_field', 'users', field._id, { label: 'Now e-mail', type: 'email', filledBy: 'admin' })
  expect((await workspace()).propertyFields!.find((f: any) => f._id === field._id)!.type).toBe('email')
  await leaver.client.close()
})

test('removing a team takes it out of the values of team fields', async () => {
  const keep = await owner.client.call('company.new_team', { name: 'Stays' })
  const gone = await owner.client.call('company.new_team', { name: 'Goes' })
  const single = await addField({ label: 'Home team', type: 'team' })
  const many = await addField({ label: 'Teams', type: 'team', enableMultiple: true })
  await setValue(single._id, member.uid, gone._id)
  await setValue(many._id, member.uid, [keep._id, gone._id])
  await setValue(many._id, owner.uid, [gone._id])
  await owner.client.call('company.remove_team', gone._id)
  const mine = await valuesOf(member.uid)
  expect(mine).not.toHaveProperty(single._id)
  expect(mine[many._id]).toEqual([keep._id])
  expect(await valuesOf(owner.uid)).not.toHaveProperty(many._id)
})

describe('company.remove_property_field', () => {
  test('401, 400, 404 for another workspace with nothing removed, 403 for a user, then the field and its values go', async () => {
    const field = await addField({ type: 'text' })
    await setValue(field._id, member.uid, 'kept until removal')
    expect((await anon.fail('company.remove_property_field', field._id, 'users')).code).toBe(401)
    expect(await owner.client.fail('company.remove_property_field', field._id, 'teams')).toMatchObject({ code: 400, details: { argument: 1 } })
    expect(await owner.client.fail('company.remove_property_field', 'x', 'users')).toMatchObject({ code: 400, details: { argument: 0, name: 'fieldId' } })
    expect((await stranger.client.fail('company.remove_property_field', field._id, 'users')).code).toBe(404)
    expect((await owner.client.fail('company.remove_property_field', MISSING, 'users')).code).toBe(404)
    expect((await member.client.fail('company.remove_property_field', field._id, 'users')).code).toBe(403)
    expect((await valuesOf(member.uid))[field._id]).toBe('kept until removal')

    expect(await owner.client.call('company.remove_property_field', field._id, 'users')).toBe(true)
    expect((await workspace()).propertyFields!.map((f: any) => f._id)).not.toContain(field._id)
    expect(await valuesOf(member.uid)).not.toHaveProperty(field._id)
    await member.client.waitForSignal('company.propertyField.removed', (m) => m._id === field._id)
    expect((await owner.client.fail('company.remove_property_field', field._id, 'users')).code).toBe(404)
  })
})

describe('company.set_property_value', () => {
  test("401, 400, 404 for another workspace's field or a non-member with nothing stored, 403 for a user, then the value and its signals", async () => {
    const field = await addField({ type: 'text' })
    expect((await anon.fail('company.set_property_value', field._id, 'users', { uid: member.uid, data: 'x' })).code).toBe(401)
    expect(await owner.client.fail('company.set_property_value', field._id, 'users', { data: 'x' })).toMatchObject({
      code: 400,
      details: { argument: 2, path: '/uid' },
    })
    expect(await owner.client.fail('company.set_property_value', field._id, 'users', { uid: member.uid, data: 5 })).toMatchObject({
      code: 400,
      details: { argument: 2, path: '/data' },
    })
    expect((await setValue(field._id, member.uid, 'x', stranger.client)).error.code).toBe(404)
    expect((await setValue(MISSING, member.uid, 'x')).error.code).toBe(404)
    expect((await setValue(field._id, stranger.uid, 'x')).error).toMatchObject({ code: 404, details: { path: '/uid' } })
    expect((await setValue(field._id, member.uid, 'x', member.client)).error.code).toBe(403)
    expect(await valuesOf(member.uid)).not.toHaveProperty(field._id)

    expect((await setValue(field._id, member.uid, 'Chief tinkerer')).result).toBe(true)
    expect((await valuesOf(member.uid))[field._id]).toBe('Chief tinkerer')
    await member.client.waitForSignal('company.propertyValue.updated', (m) => m._id === field._id && m.uid === member.uid)
    expect((await owner.client.waitForSignal('company.propertyValue.updated', (m) => m._id === field._id)).meta).toEqual({ cid: owner.cid, _id: field._id })
    expect((await setValue(field._id, member.uid)).result).toBe(true)
    expect(await valuesOf(member.uid)).not.toHaveProperty(field._id)
  })

  test('each type accepts its values and refuses others with a 400 naming the field and the reason', async () => {
    const team = await owner.client.call('company.new_team', { name: 'Value team' })
    const foreignTeam = await stranger.client.call('company.new_team', { name: 'Foreign team' })
    const cases: { type: FieldDefinition['type']; data?: string[]; good: [unknown, unknown][]; bad: unknown[] }[] = [
      { type: 'text', good: [['anything at all', 'anything at all']], bad: [['a', 'b']] },
      { type: 'date', good: [['2024-02-29', '2024-02-29']], bad: ['2023-02-29', '2024-13-01', '29.02.2024', '2024-2-1', '1709164800000'] },
      {
        type: 'phone',
        good: [
          ['+358 (40) 123-4567', '+358 (40) 123-4567'],
          ['12345', '12345'],
        ],
        bad: ['call me', '1234', '+1 ()', '12+345', '1'.repeat(33)],
      },
      { type: 'email', good: [['ada@example.test', 'ada@example.test']], bad: ['ada@example', 'nope', 'a b@example.test'] },
      {
        type: 'url',
        good: [
          ['https://example.test/a?b=1', 'https://example.test/a?b=1'],
          ['http://localhost:8080', 'http://localhost:8080'],
        ],
        bad: ['ftp://example.test', 'example.test', 'javascript:alert(1)'],
      },
      { type: 'team', good: [[team._id, team._id]], bad: [MISSING, foreignTeam._id, 'abc'] },
      {
        type: 'country',
        good: [
          ['FI', 'FI'],
          ['se', 'SE'],
        ],
        bad: ['XX', 'FIN', 'f'],
      },
      { type: 'optionlist', data: ['red', 'green'], good: [['green', 'green']], bad: ['blue', 'Green'] },
    ]
    for (const c of cases) {
      const field = await addField({ type: c.type, ...(c.data && { data: c.data }) })
      for (const [input, stored] of c.good) {
        const reply = await setValue(field._id, member.uid, input)
        expect({ type: c.type, input, result: reply.result }).toEqual({ type: c.type, input, result: true })
        expect((await valuesOf(member.uid))[field._id]).toEqual(stored)
      }
      const before = (await valuesOf(member.uid))[field._id]
      for (const input of c.bad) {
        const reply = await setValue(field._id, member.uid, input)
        expect({ type: c.type, input, error: reply.error }).toMatchObject({
          type: c.type,
          input,
          error: { code: 400, details: { argument: 2, name: 'value', path: '/data', field: field._id, type: c.type, reason: expect.any(String) } },
        })
        expect(reply.error.msg).toContain(field.label)
      }
      expect((await valuesOf(member.uid))[field._id]).toEqual(before)
    }
  })

  test('a field with enableMultiple takes a list of distinct valid values; a bad element is named by its index', async () => {
    const field = await addField({ type: 'country', enableMultiple: true })
    expect((await setValue(field._id, member.uid, ['FI', 'se', 'fi'])).result).toBe(true)
    expect((await valuesOf(member.uid))[field._id]).toEqual(['FI', 'SE'])
    expect((await setValue(field._id, member.uid, 'NO')).result).toBe(true)
    expect((await valuesOf(member.uid))[field._id]).toEqual(['NO'])
    expect((await setValue(field._id, member.uid, ['FI', 'XX'])).error).toMatchObject({ code: 400, details: { path: '/data/1', field: field._id } })
    const tooMany = Array.from({ length: 101 }, () => 'FI')
    expect((await setValue(field._id, member.uid, tooMany)).error).toMatchObject({ code: 400, details: { path: '/data' } })
    expect((await setValue(field._id, member.uid, [])).result).toBe(true)
    expect(await valuesOf(member.uid)).not.toHaveProperty(field._id)
  })
})

describe('company.set_user_property_value', () => {
  test("401, 400, 404 for another workspace's field, 403 on a field admins fill, then one's own value and its signal", async () => {
    const own = await addField({ label: 'Nickname', type: 'text', filledBy: 'user' })
    const adminOnly = await addField({ label: 'Salary band', type: 'text', filledBy: 'admin' })
    const mail = await addField({ label: 'Backup e-mail', type: 'email', filledBy: 'user' })
    const theirs = await stranger.client.call('company.add_property_field', 'users', { label: 'Theirs', type: 'text', filledBy: 'user' })

    expect((await anon.fail('company.set_user_property_value', own._id, 'x')).code).toBe(401)
    expect(await member.client.fail('company.set_user_property_value', 'x', 'x')).toMatchObject({ code: 400, details: { argument: 0, name: 'fieldId' } })
    expect(await member.client.fail('company.set_user_property_value', own._id, { a: 1 })).toMatchObject({ code: 400, details: { argument: 1 } })
    expect(await member.client.fail('company.set_user_property_value', mail._id, 'not mail')).toMatchObject({
      code: 400,
      details: { argument: 1, name: 'value', path: '/', field: mail._id, type: 'email' },
    })
    expect((await member.client.fail('company.set_user_property_value', theirs._id, 'x')).code).toBe(404)
    expect((await member.client.fail('company.set_user_property_value', MISSING, 'x')).code).toBe(404)
    expect(await member.client.fail('company.set_user_property_value', adminOnly._id, 'top')).toMatchObject({ code: 403, details: { field: adminOnly._id } })
    const untouched = await valuesOf(member.uid)
    expect([own._id, adminOnly._id, mail._id].filter((id) => id in untouched)).toEqual([])

    expect(await member.client.call('company.set_user_property_value', own._id, 'Tinker')).toBe(true)
    expect((await valuesOf(member.uid))[own._id]).toBe('Tinker')
    await owner.client.waitForSignal('company.propertyValue.updated', (m) => m._id === own._id)
    await member.client.waitForSignal('company.propertyValue.updated', (m) => m._id === own._id && m.uid === member.uid)
    // Those who manage fields may fill their own value of any field.
    expect(await owner.client.call('company.set_user_property_value', adminOnly._id, 'band 3')).toBe(true)
    expect((await valuesOf(owner.uid))[adminOnly._id]).toBe('band 3')
    // No value clears it.
    expect(await member.client.call('company.set_user_property_value', own._id)).toBe(true)
    expect(await valuesOf(member.uid)).not.toHaveProperty(own._id)
  })
})
