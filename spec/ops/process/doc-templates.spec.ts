/** process.set_documentTemplate(s), set_docTemplatePrintName, create/delete_docTemplateField, set_docTemplateFieldProperty */
import { Client } from '../../helpers/client'
import { type Cast, closeCast, type JoinedMember, meetCast } from '../../helpers/members'
import type { SignedIn } from '../../helpers/users'
import { loadWorkflow } from '../../helpers/workflows'

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

const newProcess = () => owner.client.call('process.create', { name: `Docs ${Math.random().toString(36).slice(2, 8)}` })
const templates = async (id: string) => (await loadWorkflow(owner.client, id)).documentTemplates as Record<string, any>
const invoice = { name: 'Invoice', fieldMap: { fields: { total: { label: 'Total' } } }, paper: 'A4' }

describe('process.set_documentTemplate', () => {
  test('401, 400 naming the argument, 404 for another workspace with nothing changed, 403 for a user, then the template, the signal and deletion by name', async () => {
    const p = await newProcess()
    expect((await anon.fail('process.set_documentTemplate', p._id, invoice)).code).toBe(401)
    expect(await owner.client.fail('process.set_documentTemplate', p._id, { paper: 'A4' })).toMatchObject({ code: 400, details: { argument: 1 } })
    expect(await owner.client.fail('process.set_documentTemplate', 'nope', invoice)).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await stranger.client.fail('process.set_documentTemplate', p._id, invoice)).code).toBe(404)
    expect((await member.client.fail('process.set_documentTemplate', p._id, invoice)).code).toBe(403)
    expect(await templates(p._id)).toBeUndefined()

    expect(await owner.client.call('process.set_documentTemplate', p._id, invoice)).toBe(true)
    await member.client.waitForSignal('process.updated', (m) => m._id === p._id && m.changed.includes('documentTemplates'))
    expect(await templates(p._id)).toEqual({ Invoice: { ...invoice, fieldMap: { images: {}, activityLinks: {}, fields: { total: { label: 'Total' } } } } })
    await owner.client.call('process.set_documentTemplate', p._id, { name: 'Offer' })
    await owner.client.call('process.set_documentTemplate', p._id, { name: 'Offer', fieldMap: {} })
    expect(Object.keys(await templates(p._id)).sort()).toEqual(['Invoice', 'Offer'])
    expect(await owner.client.call('process.set_documentTemplate', p._id, { name: 'Invoice' })).toBe(true)
    expect(Object.keys(await templates(p._id))).toEqual(['Offer'])
    expect(stranger.client.signals.filter((sig) => sig.meta?._id === p._id)).toEqual([])
  })
})

describe('process.set_documentTemplates', () => {
  test('401, 400, 404, 403, then the whole map replaced, and null deletes all', async () => {
    const p = await newProcess()
    await owner.client.call('process.set_documentTemplate', p._id, { name: 'Old', fieldMap: {} })
    expect((await anon.fail('process.set_documentTemplates', p._id, { Invoice: invoice })).code).toBe(401)
    expect(await owner.client.fail('process.set_documentTemplates', p._id, { Invoice: { paper: 1 } })).toMatchObject({ code: 400, details: { argument: 1 } })
    expect(await owner.client.fail('process.set_documentTemplates', p._id, { Other: invoice })).toMatchObject({
      code: 400,
      details: { argument: 1, path: '/Other/name' },
    })
    expect((await stranger.client.fail('process.set_documentTemplates', p._id, null)).code).toBe(404)
    expect((await member.client.fail('process.set_documentTemplates', p._id, null)).code).toBe(403)
    expect(Object.keys(await templates(p._id))).toEqual(['Old'])

    expect(await owner.client.call('process.set_documentTemplates', p._id, { Invoice: invoice })).toBe(true)
    await member.client.waitForSignal('process.updated', (m) => m._id === p._id && m.changed.includes('documentTemplates'))
    expect(Object.keys(await templates(p._id))).toEqual(['Invoice'])
    expect(await owner.client.call('process.set_documentTemplates', p._id, null)).toBe(true)
    expect(await templates(p._id)).toBeUndefined()
  })
})

describe('process.set_docTemplatePrintName', () => {
  test('401, 400, 404 for another workspace and for an unknown template, 403, then the print name', async () => {
    const p = await newProcess()
    await owner.client.call('process.set_documentTemplate', p._id, invoice)
    expect((await anon.fail('process.set_docTemplatePrintName', p._id, 'Invoice', 'Lasku')).code).toBe(401)
    expect(await owner.client.fail('process.set_docTemplatePrintName', p._id, 'Invoice', 7)).toMatchObject({ code: 400, details: { argument: 2 } })
    expect((await owner.client.fail('process.set_docTemplatePrintName', p._id, 'Nothing', 'Lasku')).code).toBe(404)
    expect((await stranger.client.fail('process.set_docTemplatePrintName', p._id, 'Invoice', 'Lasku')).code).toBe(404)
    expect((await member.client.fail('process.set_docTemplatePrintName', p._id, 'Invoice', 'Lasku')).code).toBe(403)
    expect(await owner.client.call('process.set_docTemplatePrintName', p._id, 'Invoice', 'Lasku')).toBe(true)
    await member.client.waitForSignal('process.updated', (m) => m._id === p._id)
    expect((await templates(p._id)).Invoice.printName).toBe('Lasku')
  })
})

describe('document template fields', () => {
  test('create, set properties, delete: 401, 400, 404, 403 and success', async () => {
    const p = await newProcess()
    await owner.client.call('process.set_documentTemplate', p._id, invoice)
    const ref = { processId: p._id, name: 'Invoice', group: 'images' } as const
    expect((await anon.fail('process.create_docTemplateField', ref)).code).toBe(401)
    expect(await owner.client.fail('process.create_docTemplateField', { ...ref, group: 'pictures' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/group' },
    })
    expect((await owner.client.fail('process.create_docTemplateField', { ...ref, name: 'Nothing' })).code).toBe(404)
    expect((await stranger.client.fail('process.create_docTemplateField', ref)).code).toBe(404)
    expect((await member.client.fail('process.create_docTemplateField', ref)).code).toBe(403)

    const created = await owner.client.call('process.create_docTemplateField', ref)
    expect(created).toEqual({ key: expect.stringMatching(/^[0-9a-f]{24}$/), group: 'images' })
    await member.client.waitForSignal('process.updated', (m) => m._id === p._id)
    expect((await templates(p._id)).Invoice.fieldMap.images).toEqual({ [created.key]: {} })

    const prop = { ...ref, key: created.key, property: 'label', value: 'Logo' } as const
    expect((await anon.fail('process.set_docTemplateFieldProperty', prop)).code).toBe(401)
    expect(await owner.client.fail('process.set_docTemplateFieldProperty', { ...prop, property: 'colour' })).toMatchObject({
      code: 400,
      details: { argument: 0, path: '/property' },
    })
    expect((await owner.client.fail('process.set_docTemplateFieldProperty', { ...prop, key: 'missing' })).code).toBe(404)
    expect((await stranger.client.fail('process.set_docTemplateFieldProperty', prop)).code).toBe(404)
    expect((await member.client.fail('process.set_docTemplateFieldProperty', prop)).code).toBe(403)
    expect(await owner.client.call('process.set_docTemplateFieldProperty', prop)).toBe(true)
    expect(await owner.client.call('process.set_docTemplateFieldProperty', { ...prop, property: 'description', value: 'Top left' })).toBe(true)
    const { value: _v, ...unset } = prop
    expect(await owner.client.call('process.set_docTemplateFieldProperty', { ...unset, property: 'description' })).toBe(true)
    expect(
      await owner.client.call('process.set_docTemplateFieldProperty', { ...prop, group: 'opts', key: 'numbers', property: 'thousandSeparator', value: ' ' }),
    ).toBe(true)
    const t = (await templates(p._id)).Invoice
    expect(t.fieldMap.images[created.key]).toEqual({ label: 'Logo' })
    expect(t.opts).toEqual({ numbers: { thousandSeparator: ' ' } })

    const del = { ...ref, key: created.key }
    expect((await anon.fail('process.delete_docTemplateField', del)).code).toBe(401)
    expect(await owner.client.fail('process.delete_docTemplateField', { ...ref })).toMatchObject({ code: 400, details: { argument: 0 } })
    expect((await stranger.client.fail('process.delete_docTemplateField', del)).code).toBe(404)
    expect((await member.client.fail('process.delete_docTemplateField', del)).code).toBe(403)
    expect(await owner.client.call('process.delete_docTemplateField', del)).toBe(true)
    expect((await templates(p._id)).Invoice.fieldMap.images).toEqual({})
    expect((await owner.client.fail('process.delete_docTemplateField', del)).code).toBe(404)
  })
})
