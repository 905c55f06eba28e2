/**
 * Phase ids are unique across every workflow of the server: a client chooses the id of a new phase,
 * but one another workflow has (of its own workspace or another) is a 409 naming `/phases/<id>`, and
 * of two saves taking the same id at once exactly one wins. Copies and templates get new ids.
 */
import { loadWorkflow, newPhaseId, workflowWithPhase } from '../../helpers/workflows'
import { signedIn, type SignedIn } from '../../helpers/users'

let a: SignedIn
let b: SignedIn
beforeAll(async () => {
  a = await signedIn('phasea')
  b = await signedIn('phaseb')
})
afterAll(() => Promise.all([a.client.close(), b.client.close()]))

const addPhase = (s: SignedIn, processId: string, phase: string) => s.client.send('process.set_info', [processId, { phases: { [phase]: { name: 'New' } } }])

test.each([
  ['the same workspace', () => a],
  ['another workspace', () => b],
])('a phase id of another workflow of %s is a 409 naming it, and nothing is stored', async (_, owner) => {
  const other = await workflowWithPhase(owner().client, 'Other')
  const mine = await workflowWithPhase(a.client, 'Mine')
  const error = await a.client.fail('process.set_info', mine.p._id, { phases: { [other.phase]: { name: 'Copied' } }, phasesOrder: [mine.phase, other.phase] })
  expect(error).toMatchObject({ code: 409, details: { argument: 1, path: `/phases/${other.phase}` } })
  const after = await loadWorkflow(a.client, mine.p._id)
  expect(Object.keys(after.phases)).toEqual([mine.phase])
  expect(after.phasesOrder).toEqual([mine.phase])
  expect((await loadWorkflow(owner().client, other.p._id)).phases[other.phase].name).toBe('Open')
})

test('a workflow keeps its own phase ids: renaming, removing and adding one again', async () => {
  const mine = await workflowWithPhase(a.client, 'Mine')
  expect(await a.client.call('process.set_info', mine.p._id, { phases: { [mine.phase]: { name: 'Renamed' } } })).toBe(true)
  expect(await a.client.call('process.set_info', mine.p._id, { phases: { [mine.phase]: null }, phasesOrder: [] })).toBe(true)
  // A removed phase frees its id: another workflow may take it.
  const other = await workflowWithPhase(b.client, 'Other')
  expect((await addPhase(b, other.p._id, mine.phase)).result).toBe(true)
  expect((await addPhase(a, mine.p._id, mine.phase)).error).toMatchObject({ code: 409, details: { path: `/phases/${mine.phase}` } })
})

test('a removed workflow frees its phase ids', async () => {
  const gone = await workflowWithPhase(a.client, 'Gone')
  await a.client.call('process.remove', gone.p._id)
  const other = await workflowWithPhase(b.client, 'Other')
  expect((await addPhase(b, other.p._id, gone.phase)).result).toBe(true)
})

test('two saves taking the same new phase id at once: exactly one wins', async () => {
  const mine = await workflowWithPhase(a.client, 'Mine')
  const theirs = await workflowWithPhase(b.client, 'Theirs')
  for (let round = 0; round < 8; round++) {
    const phase = newPhaseId()
    const replies = await Promise.all([addPhase(a, mine.p._id, phase), addPhase(b, theirs.p._id, phase)])
    expect(replies.filter((r) => r.result === true)).toHaveLength(1)
    expect(replies.find((r) => r.error)?.error).toMatchObject({ code: 409, details: { argument: 1, path: `/phases/${phase}` } })
    const holders = [await loadWorkflow(a.client, mine.p._id), await loadWorkflow(b.client, theirs.p._id)]
    expect(holders.filter((p) => phase in p.phases)).toHaveLength(1)
  }
})

test('copies and installed templates get new phase ids, and a copy works like its source', async () => {
  const source = await workflowWithPhase(a.client, 'Source')
  const copyIds: string[] = [...(await a.client.call('v2.process.copy', source.p._id)), ...(await a.client.call('v2.process.copy', source.p._id))]
  const copies = await Promise.all(copyIds.map((id) => loadWorkflow(a.client, id)))
  const ids = copies.flatMap((c) => Object.keys(c.phases))
  expect(ids).toHaveLength(2)
  expect(new Set([...ids, source.phase]).size).toBe(3)
  const activity = await a.client.call('v3.activity.create', copies[0]._id, { name: 'in the copy' }, { teamId: source.teamId })
  expect(activity.currentPhase).toBe(ids[0])
  expect((await addPhase(a, copies[1]._id, ids[0])).error).toMatchObject({ code: 409 })

  const [template] = await a.client.call('process.list_templates')
  const installed = [await a.client.call('process.install_template', template._id), await a.client.call('process.install_template', template._id)]
  const processes = await Promise.all(installed.flatMap((r) => r.processIds).map((id: string) => loadWorkflow(a.client, id)))
  const phaseIds = processes.flatMap((p) => Object.keys(p.phases))
  expect(phaseIds.length).toBeGreaterThan(0)
  expect(new Set(phaseIds).size).toBe(phaseIds.length)
})
