/** Signals about a workflow reach exactly the members who may see it (server/domain/process-signals.ts). */
import { joinWorkspace } from '../../helpers/members'
import { signedIn } from '../../helpers/users'

const settle = () => new Promise((r) => setTimeout(r, 300))

test('a member kept out of a restricted workflow hears nothing of it; one let back in hears again', async () => {
  const owner = await signedIn('owner')
  const member = await joinWorkspace(owner, { role: 'user' })
  const stranger = await signedIn('stranger')
  const hears = (client: typeof member.client, sig: string, id: string, change?: string) =>
    client.signals.some((s) => s.sig === sig && s.meta._id === id && (!change || s.meta.changed?.includes(change)))

  const wf = await owner.client.call('process.create', { name: 'Hiring' })
  await member.client.waitForSignal('process.created', (m) => m._id === wf._id)

  // Restricting the workflow: the member was a viewer, so they hear this change, and then nothing more.
  expect(await owner.client.call('v2.process.member.remove', wf._id, `network_${owner.cid}`)).toBe(true)
  await member.client.waitForSignal('process.updated', (m) => m._id === wf._id && m.changed.includes('members'))
  expect((await member.client.fail('v2.process.get', wf._id)).code).toBe(404)

  expect(await owner.client.call('process.set_info', wf._id, { description: 'confidential' })).toBe(true)
  await owner.client.waitForSignal('process.updated', (m) => m._id === wf._id && m.changed.includes('description'))
  await settle()
  expect(hears(member.client, 'process.updated', wf._id, 'description')).toBe(false)

  // Listed by name, the member sees it again and hears its changes.
  expect(await owner.client.call('v2.process.member.add', wf._id, `user_${member.uid}`)).toBe(true)
  await member.client.waitForSignal('process.updated', (m) => m._id === wf._id && m.changed.includes('members'))
  await owner.client.call('process.set_info', wf._id, { description: 'shared' })
  await member.client.waitForSignal('process.updated', (m) => m._id === wf._id && m.changed.includes('description'))

  // Removal reaches everyone who saw it; nobody outside the workspace hears anything.
  expect(await owner.client.call('process.remove', wf._id)).toBe(true)
  await member.client.waitForSignal('process.removed', (m) => m._id === wf._id)
  await settle()
  expect(stranger.client.signals.filter((s) => s.sig.startsWith('process.'))).toEqual([])
  await Promise.all([owner.client.close(), member.client.close(), stranger.client.close()])
})
