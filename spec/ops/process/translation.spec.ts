/** v2.process.translation.create */
import { Client } from '../../helpers/client'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { loadWorkflow, newPhaseId } from '../../helpers/workflows'

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

describe('v2.process.translation.create', () => {
  test('401, 400 naming the argument, 404 for another workspace with nothing changed, 403 for a user, then the texts of the default language copied where missing, and the signal', async () => {
    const p = await owner.client.call('process.create', { name: 'Sales', description: 'Leads and deals' })
    await owner.client.call('process.set_info', p._id, { phases: { [PHASE]: { name: 'Open', description: 'New ones' } }, createNewLabel: 'New lead' })
    const field = await owner.client.call('process.create_field', p._id, { label: 'Amount', type: 'numericunit', unit: 'EUR', placeholder: 'How much' })
    expect((await anon.fail('v2.process.translation.create', p._id, 'fi')).code).toBe(401)
    expect(await owner.client.fail('v2.process.translation.create', p._id, 'de')).toMatchObject({ code: 400, details: { argument: 1 } })
    expect(await owner.client.fail('v2.process.translation.create', 'x', 'fi')).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await stranger.client.fail('v2.process.translation.create', p._id, 'fi')).code).toBe(404)
    expect((await member.client.fail('v2.process.translation.create', p._id, 'fi')).code).toBe(403)
    expect((await loadWorkflow(owner.client, p._id)).translations).toEqual({})

    // Default language 'en' (no languages set): the base texts.
    await owner.client.call('process.set_info', p._id, { name: 'Myynti' }, 'fi')
    const fi = await owner.client.call('v2.process.translation.create', p._id, 'fi')
    expect(fi).toEqual({ fi: { name: 'Myynti', description: 'Leads and deals', createNewLabel: 'New lead' } })
    await member.client.waitForSignal('process.updated', (m) => m._id === p._id && m.changed.includes('translations'))
    await member.client.waitForSignal('process.field.updated', (m) => m.processId === p._id && m._id === field._id)
    let got = await loadWorkflow(owner.client, p._id)
    expect(got.name).toBe('Sales')
    expect(got.translations).toEqual(fi)
    expect(got.phases[PHASE].translations).toEqual({ fi: { name: 'Open', description: 'New ones' } })
    expect(got.fields[field._id].translations).toEqual({ fi: { label: 'Amount', placeholder: 'How much', unit: 'EUR' } })

    // With Finnish as the workspace's first language, Swedish starts from the Finnish texts.
    await owner.client.call('v2.network.update', owner.cid, { languages: ['fi', 'en'] })
    const all = await owner.client.call('v2.process.translation.create', p._id, 'sv')
    expect(all.sv).toEqual({ name: 'Myynti', description: 'Leads and deals', createNewLabel: 'New lead' })
    expect(all.fi).toEqual(fi.fi)
    got = await loadWorkflow(owner.client, p._id)
    expect(Object.keys(got.phases[PHASE].translations).sort()).toEqual(['fi', 'sv'])
  })
})
