/** process.list_templates, process.install_template */
import fs from 'node:fs'
import path from 'node:path'
import { Client } from '../../helpers/client'
import { MISSING } from '../../helpers/ids'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { loadWorkflow } from '../../helpers/workflows'

const DIR = path.join(__dirname, '..', '..', '..', 'templates')
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'))
const shipped = files.map((f) => JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')))

let cast: Cast<'guest'>
let owner: SignedIn
let member: JoinedMember
let guest: JoinedMember
let anon: Client
beforeAll(async () => {
  cast = await meetCast({ guest: 'guest' })
  ;({ owner, member, guest, anon } = cast)
})
afterAll(() => closeCast(cast))

describe('templates/*.json', () => {
  test('each is a template document whose ids are distinct and whose references resolve inside it', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(3)
    const ids = shipped.map((t) => t._id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const t of shipped) {
      expect(t).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        title: expect.any(String),
        description: expect.any(String),
        schemas: expect.any(Array),
      })
      const processIds = t.schemas.map((s: any) => s._id)
      for (const s of t.schemas) {
        const fieldIds = s.fields.map((f: any) => f._id)
        expect(s.info.fieldsOrder).toEqual(fieldIds)
        for (const id of s.info.phasesOrder) expect(s.info.phases[id]).toMatchObject({ _id: id })
        for (const phase of Object.values(s.info.phases) as any[]) for (const f of phase.fields) expect(fieldIds).toContain(f)
        for (const f of s.fields) if (['activitylink', 'linkedfrom'].includes(f.type)) for (const id of f.data) expect(processIds).toContain(id)
      }
    }
  })
})

describe('process.list_templates', () => {
  test('401, 400, then the listing entries with stable ids', async () => {
    expect((await anon.fail('process.list_templates')).code).toBe(401)
    expect(await owner.client.fail('process.list_templates', 'x')).toMatchObject({ code: 400 })
    const listed = await guest.client.call('process.list_templates')
    expect(listed.map((t: any) => t._id).sort()).toEqual(shipped.map((t) => t._id).sort())
    expect(listed.map((t: any) => t.title)).toEqual(expect.arrayContaining(['Sales pipeline', 'Recruitment', 'IT ticket queue']))
    expect(await owner.client.call('process.list_templates')).toEqual(listed)
  })
})

describe('process.install_template', () => {
  test('401, 400 naming the argument, 404 for an unknown template, 403 for a guest, 422 over the quota; nothing installed', async () => {
    const sales = shipped.find((t) => t.title === 'Sales pipeline')
    expect((await anon.fail('process.install_template', sales._id)).code).toBe(401)
    expect(await owner.client.fail('process.install_template', 'sales')).toMatchObject({ code: 400, details: { argument: 0, name: 'templateId' } })
    expect((await owner.client.fail('process.install_template', MISSING)).code).toBe(404)
    expect((await guest.client.fail('process.install_template', sales._id)).code).toBe(403)
    expect(await owner.client.call('process.list')).toEqual([])
  })

  test('a member installs a template into the current workspace: new ids, links between its workflows resolve', async () => {
    const sales = shipped.find((t) => t.title === 'Sales pipeline')
    const result = await member.client.call('process.install_template', sales._id)
    expect(result).toEqual({
      templateId: sales._id,
      cid: owner.cid,
      processIds: [expect.stringMatching(/^[0-9a-f]{24}$/), expect.stringMatching(/^[0-9a-f]{24}$/)],
    })
    await owner.client.waitForSignal('process.created', (m) => m._id === result.processIds[1])
    const [customers, deals] = await Promise.all(result.processIds.map((id: string) => loadWorkflow(owner.client, id)))
    expect(customers).toMatchObject({ name: 'Customers', enableUnlinkedMode: true, key: 'customers', uid: member.uid, cid: owner.cid })
    expect(deals).toMatchObject({ name: 'Deals', enableUnlinkedMode: false, key: 'deals' })
    const old = JSON.stringify(sales)
    for (const id of [customers._id, deals._id, ...Object.keys(deals.fields), ...Object.keys(deals.phases)]) expect(old).not.toContain(id)
    const link = Object.values(deals.fields).find((f: any) => f.label === 'Customer') as any
    expect(link).toMatchObject({ type: 'activitylink', data: [customers._id], required: true })
    expect((Object.values(customers.fields).find((f: any) => f.label === 'Deals') as any).data).toEqual([deals._id])
    expect(deals.phasesOrder.map((id: string) => deals.phases[id].name)).toEqual(['Lead', 'Qualified', 'Proposal', 'Won', 'Lost'])
    expect(deals.phases[deals.phasesOrder[0]].fields.every((f: string) => deals.fields[f])).toBe(true)
    expect(deals.members).toEqual([{ id: `network_${owner.cid}`, permissions: ['any'] }])

    // Installed again: the keys are taken, so the second copies have none.
    const again = await owner.client.call('process.install_template', sales._id)
    expect((await loadWorkflow(owner.client, again.processIds[1])).key).toBeUndefined()
    // The process.list the member sees includes them.
    const names = (await member.client.call('process.list')).map((p: any) => p.name)
    expect(names.filter((n: string) => n === 'Deals').length).toBe(2)
  })
})
