/**
 * What a rule names is checked when it is made or changed, not first when it runs: phases, fields,
 * field values (options, users, teams), members, wall recipients. A 422 names the place in the rule;
 * nothing is written (no rule, no audit entry, an update leaves the rule as it was).
 */
import { MISSING } from '../helpers/ids'
import { joinWorkspace } from '../helpers/members'
import { signedIn } from '../helpers/users'
import { board } from './helpers'

test('create and update refuse unknown phases, fields, option values and members with a 422 naming them; nothing is written', async () => {
  const o = await signedIn('auto-refs')
  const m = await joinWorkspace(o, { role: 'user', tag: 'auto-refs-m' })
  const hidden = await joinWorkspace(o, { role: 'user', tag: 'auto-refs-h' })
  const s = await signedIn('auto-refs-s')
  const b = await board(o.client, 'Refs')
  const color: string = (await o.client.call('process.create_field', b.p._id, { label: 'Color', type: 'textpredefinedoptions', data: ['red', 'green'] }))._id
  const owners: string = (await o.client.call('process.create_field', b.p._id, { label: 'Owners', type: 'users' }))._id
  // Only the owner and m see the workflow.
  await o.client.call('v2.process.member.add', b.p._id, `user_${m.uid}`)
  await o.client.call('v2.process.member.remove', b.p._id, `network_${o.cid}`)
  const created = { type: 'activity.created' as const }
  const good = { processId: b.p._id, trigger: created, actions: [{ type: 'move' as const, phaseId: b.done }] as [{ type: 'move'; phaseId: string }] }

  const cases: [object, string, object][] = [
    [{ trigger: { type: 'phase.entered', phaseId: MISSING } }, '/trigger/phaseId', { phaseId: MISSING }],
    [{ trigger: { type: 'field.changed', fieldId: MISSING } }, '/trigger/fieldId', { field: MISSING }],
    [{ trigger: { type: 'field.changed', fieldId: color, value: 'blue' } }, '/trigger/value', { field: color }],
    [{ trigger: { type: 'ball.passed', to: s.uid } }, '/trigger/to', { userId: s.uid }],
    [{ trigger: { type: 'ball.passed', to: hidden.uid } }, '/trigger/to', { userId: hidden.uid }],
    [
      {
        actions: [
          { type: 'move', phaseId: b.done },
          { type: 'move', phaseId: MISSING },
        ],
      },
      '/actions/1/phaseId',
      { phaseId: MISSING },
    ],
    [{ actions: [{ type: 'setFields', fields: { [MISSING]: 'x' } }] }, `/actions/0/fields/${MISSING}`, { field: MISSING }],
    [{ actions: [{ type: 'setFields', fields: { [color]: 'blue' } }] }, `/actions/0/fields/${color}`, { field: color }],
    [{ actions: [{ type: 'setFields', fields: { [owners]: [s.uid] } }] }, `/actions/0/fields/${owners}`, { field: owners }],
    [{ actions: [{ type: 'passBall', userId: s.uid }] }, '/actions/0/userId', { userId: s.uid }],
    [{ actions: [{ type: 'addFollowers', userIds: [m.uid, hidden.uid] }] }, '/actions/0/userIds/1', { userId: hidden.uid }],
    [{ actions: [{ type: 'mail', to: s.uid, subject: 'x', text: 'y' }] }, '/actions/0/to', { userId: s.uid }],
    [{ actions: [{ type: 'post', subject: 'x', text: 'y', recipients: [`user_${s.uid}`] }] }, '/actions/0/recipients/0', { recipient: `user_${s.uid}` }],
  ]
  for (const [change, path, named] of cases) {
    const refusal = await o.client.fail('v3.automation.create', o.cid, { ...good, ...change })
    expect({ change, code: refusal.code, details: refusal.details }).toMatchObject({ change, code: 422, details: { argument: 1, path, ...named } })
  }
  expect(await o.client.call('v3.automation.list', o.cid, {})).toEqual([])
  expect(await o.client.call('v3.audit.list', o.cid, { kind: 'automation.create' })).toEqual([])

  // The same checks on update; a refused update changes nothing.
  const rule = await o.client.call('v3.automation.create', o.cid, good)
  for (const [change, path, named] of cases) {
    const refusal = await o.client.fail('v3.automation.update', rule._id, { ...change, name: 'changed' })
    expect({ change, code: refusal.code, details: refusal.details }).toMatchObject({ change, code: 422, details: { argument: 1, path, ...named } })
  }
  const [kept] = await o.client.call('v3.automation.list', o.cid, {})
  expect(kept).toMatchObject({ name: rule.name, trigger: created, actions: good.actions })
  expect(await o.client.call('v3.audit.list', o.cid, { kind: 'automation.update' })).toEqual([])

  // What is there passes: a member who sees the workflow, a known option, a date stored as the activity stores it.
  const due: string = (await o.client.call('process.create_field', b.p._id, { label: 'Due', type: 'date' }))._id
  const changed = await o.client.call('v3.automation.update', rule._id, {
    trigger: { type: 'field.changed', fieldId: due, value: '2026-11-28T00:00:00.000Z' },
    actions: [
      { type: 'setFields', fields: { [color]: 'green', [owners]: [m.uid] } },
      { type: 'addFollowers', userIds: [m.uid] },
      { type: 'passBall', userId: m.uid },
    ],
  })
  expect(changed.trigger).toEqual({ type: 'field.changed', fieldId: due, value: Date.parse('2026-11-28T00:00:00.000Z') })
  await Promise.all([o.client.close(), m.client.close(), hidden.client.close(), s.client.close()])
})
