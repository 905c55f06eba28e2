/** v2.process.copy: new ids everywhere, references inside the copied set remapped. */
import { Client } from '../../helpers/client'
import { ID_PATTERN, MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { loadWorkflow, newPhaseId } from '../../helpers/workflows'

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

/** Two workflows, A and B, with phases, fields and links A -> B, B -> A and A -> A. */
async function pair(client = owner.client) {
  const a = await client.call('process.create', { name: 'Deals' })
  const b = await client.call('process.create', { name: 'Companies' })
  const title = await client.call('process.create_field', a._id, { label: 'Title', type: 'text', key: 'title' })
  const amount = await client.call('process.create_field', a._id, { label: 'Amount', type: 'numericunit', unit: 'EUR', function: `return fields['${'x'}']` })
  const toB = await client.call('process.create_field', a._id, { label: 'Company', type: 'activitylink', data: [b._id] })
  const self = await client.call('process.create_field', a._id, { label: 'Related deal', type: 'activitylink', data: a._id })
  const fromA = await client.call('process.create_field', b._id, { label: 'Deals', type: 'linkedfrom', data: [a._id] })
  const [PHASE_A, PHASE_B] = [newPhaseId(), newPhaseId()]
  await client.call('process.set_info', a._id, {
    phases: { [PHASE_A]: { name: 'Lead', fields: [title._id, toB._id] }, [PHASE_B]: { name: 'Won', fields: [amount._id] } },
    phasesOrder: [PHASE_A, PHASE_B],
    phasesRemoved: [PHASE_B],
    defaultGroupByField: toB._id,
    nameFunctionVariables: { t: { type: '=', data: [title._id] } },
  })
  return { a, b, title, amount, toB, self, fromA, PHASE_A, PHASE_B }
}

describe('v2.process.copy', () => {
  test("401, 400 naming the argument, 404 for another workspace's workflow, 403 without admin, nothing copied", async () => {
    const { a } = await pair()
    const before = (await owner.client.call('process.list')).length
    expect((await anon.fail('v2.process.copy', a._id)).code).toBe(401)
    expect(await owner.client.fail('v2.process.copy', 'nope')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect(await owner.client.fail('v2.process.copy', [])).toMatchObject({ code: 400, details: { argument: 0, name: 'processIds' } })
    expect((await owner.client.fail('v2.process.copy', MISSING)).code).toBe(404)
    expect((await stranger.client.fail('v2.process.copy', a._id)).code).toBe(404)
    const theirs = await stranger.client.call('process.create', { name: 'Theirs' })
    expect((await owner.client.fail('v2.process.copy', [a._id, theirs._id])).code).toBe(404)
    expect((await member.client.fail('v2.process.copy', a._id)).code).toBe(403)
    expect((await owner.client.call('process.list')).length).toBe(before)
    expect((await stranger.client.call('process.list')).length).toBe(1)
  })

  test('a round trip: every id new, references inside the copy resolve to the copy, outside ones stay', async () => {
    const { a, b, title, amount, toB, self, fromA, PHASE_A, PHASE_B } = await pair()
    const outside = await owner.client.call('process.create', { name: 'Outside' })
    const link = await owner.client.call('process.create_field', b._id, { label: 'Outside', type: 'activitylink', data: [outside._id] })
    await owner.client.call('v2.process.member.add', a._id, `user_${member.uid}`)

    const ids = await owner.client.call('v2.process.copy', [a._id, b._id])
    expect(ids).toEqual([expect.stringMatching(ID_PATTERN), expect.stringMatching(ID_PATTERN)])
    await member.client.waitForSignal('process.created', (m) => m._id === ids[0])
    const [ca, cb] = await Promise.all(ids.map((id: string) => loadWorkflow(owner.client, id)))
    const old = [a._id, b._id, title._id, amount._id, toB._id, self._id, fromA._id, link._id, PHASE_A, PHASE_B]
    const fresh = [ca._id, cb._id, ...Object.keys(ca.fields), ...Object.keys(cb.fields), ...Object.keys(ca.phases)]
    expect(new Set(fresh).size).toBe(fresh.length)
    for (const id of fresh) expect(old).not.toContain(id)

    expect(ca).toMatchObject({ name: 'Deals (copy)', cid: owner.cid, uid: owner.uid })
    const field = (p: any, label: string) => Object.values(p.fields).find((f: any) => f.label === label) as any
    const [cTitle, cAmount, cToB, cSelf] = ['Title', 'Amount', 'Company', 'Related deal'].map((l) => field(ca, l))
    expect(cToB.data).toEqual([cb._id]) // copy A links to copy B
    expect(cSelf.data).toEqual([ca._id])
    expect(field(cb, 'Deals').data).toEqual([ca._id])
    expect(field(cb, 'Outside').data).toEqual([outside._id]) // outside the set, same workspace: kept
    expect(cTitle).toMatchObject({ key: 'title', type: 'text' })
    expect(cAmount).toMatchObject({ unit: 'EUR', type: 'numericunit' })
    expect(ca.fieldsOrder).toEqual([cTitle._id, cAmount._id, cToB._id, cSelf._id])
    const [pa, pb] = ca.phasesOrder
    expect(Object.keys(ca.phases).sort()).toEqual([pa, pb].sort())
    expect(ca.phases[pa]).toEqual({ _id: pa, name: 'Lead', fields: [cTitle._id, cToB._id] })
    expect(ca.phases[pb]).toEqual({ _id: pb, name: 'Won', fields: [cAmount._id] })
    expect(ca.phasesRemoved).toEqual([pb])
    expect(ca.defaultGroupByField).toBe(cToB._id)
    expect(ca.nameFunctionVariables).toEqual({ t: { type: '=', data: [cTitle._id] } })
    expect(ca.members.map((m: any) => m.id).sort()).toEqual([`network_${owner.cid}`, `user_${member.uid}`].sort())

    // The copies are workflows like any other: process.list and set_info accept them.
    const listed = await owner.client.call('process.list', ca._id)
    expect((listed[0].phases as any[]).map((p: any) => p._id)).toEqual([pa, pb])
    expect(await owner.client.call('process.set_info', ca._id, { phasesOrder: [pb, pa] })).toBe(true)
    // The originals are untouched.
    expect((await loadWorkflow(owner.client, a._id)).fields[toB._id].data).toEqual([b._id])
  })

  test('one id; a member who administers it may copy it; the copy is theirs', async () => {
    const p = await member.client.call('process.create', { name: 'Mine' })
    const [copyId] = await member.client.call('v2.process.copy', p._id)
    const got = await loadWorkflow(member.client, copyId)
    expect(got).toMatchObject({ name: 'Mine (copy)', uid: member.uid, fields: {}, phases: {} })
  })
})
