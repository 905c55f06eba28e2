/** v2.process.validateFunction, v2.process.validateFunctions: function code parsed, never run */
import { Client } from '../../helpers/client'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'

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

describe('v2.process.validateFunction', () => {
  test('401, 400 naming the argument, then valid and invalid code with line and column, without running it', async () => {
    expect((await anon.fail('v2.process.validateFunction', 'return 1')).code).toBe(401)
    expect(await member.client.fail('v2.process.validateFunction', 7)).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await member.client.fail('v2.process.validateFunction', 'return 1', 'a')).toMatchObject({ code: 400, details: { argument: 1 } })

    expect(await member.client.call('v2.process.validateFunction', 'return dep.a + dep.b.value', ['a', 'b'])).toEqual({ valid: true, errors: [], warnings: [] })
    expect(await member.client.call('v2.process.validateFunction', '')).toEqual({ valid: true, errors: [], warnings: [] })
    // Compiled only: code that would loop forever or exit the process is just valid syntax.
    expect(await member.client.call('v2.process.validateFunction', 'while (true) {}\nprocess.exit(1)')).toEqual({
      valid: true,
      errors: [],
      warnings: [{ message: 'the function never returns a value: the field stays empty', line: null, column: null }],
    })
    expect(await member.client.call('v2.process.validateFunction', 'const x = 1\nreturn x +')).toEqual({
      valid: false,
      errors: [{ message: expect.stringContaining('unexpected'), line: 2, column: expect.any(Number) }],
      warnings: [],
    })
    expect(await member.client.call('v2.process.validateFunction', 'let a = 2\nlet a = 3\nreturn a')).toMatchObject({ valid: false, errors: [{ line: 2 }] })
    // Variable names are keys of dep, any string; a dep.x that is not one of them is a warning.
    expect(await member.client.call('v2.process.validateFunction', "return dep.total + dep['Alt contact'] + dep.typo", ['total', 'Alt contact'])).toEqual({
      valid: true,
      errors: [],
      warnings: [{ message: "dep.typo is not one of the function's variables", line: 1, column: 41 }],
    })
    expect((await member.client.call('v2.process.validateFunction', '}) ; (function () {')).valid).toBe(false)
  })
})

describe('v2.process.validateFunctions', () => {
  test("401, 400, 404 for a workspace not one's own, then every function field of the workflows the caller sees", async () => {
    const open = await owner.client.call('process.create', { name: 'Open' })
    const hidden = await owner.client.call('process.create', { name: 'Hidden' })
    const x = await owner.client.call('process.create_field', open._id, { label: 'X', type: 'numeric' })
    const good = await owner.client.call('process.create_field', open._id, {
      label: 'Sum',
      type: 'numeric',
      function: 'return dep.a + dep.a',
      functionEnabled: true,
      functionVariables: { a: { type: '=', data: [x._id] } },
    })
    const bad = await owner.client.call('process.create_field', open._id, { label: 'Broken', type: 'text', function: 'return (' })
    await owner.client.call('process.create_field', open._id, { label: 'Plain', type: 'text' })
    const secret = await owner.client.call('process.create_field', hidden._id, { label: 'Secret', type: 'numeric', function: 'return 1' })
    await owner.client.call('v2.process.member.remove', hidden._id, `network_${owner.cid}`)

    expect((await anon.fail('v2.process.validateFunctions', owner.cid)).code).toBe(401)
    expect(await member.client.fail('v2.process.validateFunctions', 'nope')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await stranger.client.fail('v2.process.validateFunctions', owner.cid)).code).toBe(404)

    const seen = await member.client.call('v2.process.validateFunctions', owner.cid)
    expect(seen).toEqual({
      [good._id]: { processId: open._id, valid: true, errors: [], warnings: [] },
      [bad._id]: {
        processId: open._id,
        valid: false,
        errors: [{ message: expect.stringContaining('unexpected'), line: 1, column: expect.any(Number) }],
        warnings: [],
      },
    })
    const all = await owner.client.call('v2.process.validateFunctions', owner.cid)
    expect(Object.keys(all).sort()).toEqual([good._id, bad._id, secret._id].sort())
    expect(await stranger.client.call('v2.process.validateFunctions', stranger.cid)).toEqual({})
  })
})
