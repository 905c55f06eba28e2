/**
 * What an idle server is left with before its statements are counted (spec/server/idle.spec.ts and
 * `npm run bench:idle`): a little of everything that has background work.
 */
import { signedIn } from './users'
import { workflowWithPhase } from './workflows'

/**
 * A new user's workspace on the server at `wsUrl` with a workflow with a function field, an
 * activity, a post on the wall and a post scheduled an hour ahead; the user's socket is closed.
 */
export async function busyWorkspace(wsUrl: string): Promise<void> {
  const owner = await signedIn('idle', wsUrl)
  const { p, teamId } = await workflowWithPhase(owner.client, 'Idle')
  const amount = await owner.client.call('process.create_field', p._id, { label: 'Amount', type: 'numeric' })
  await owner.client.call('process.create_field', p._id, {
    label: 'Doubled',
    type: 'numeric',
    function: 'return dep.x * 2',
    functionEnabled: true,
    functionVariables: { x: { type: '=', data: [amount._id] } },
  })
  await owner.client.call('v3.activity.create', p._id, { name: 'one', fields: { [amount._id]: 21 } }, { teamId })
  await owner.client.call('wall2.new_post', { subject: 'Hello', text: 'idle' }, [])
  await owner.client.call('wall2.new_post', { subject: 'Later', text: 'idle' }, [], { scheduleTime: Date.now() + 3_600_000 })
  await owner.client.close()
}
