/**
 * Ids an operation stores as references must name records of the caller's own workspace that the
 * caller may see: another workspace's id is refused naming the argument and its JSON path, and
 * nothing is stored. One test per row of the references table
 * ("Bad input" in docs/reference/protocol.md); each sends B's
 * id where A's own would be taken, then checks A's record does not hold it.
 */
import { signedIn, type SignedIn } from '../helpers/users'
import { loadWorkflow, newPhaseId, workflowWithPhase } from '../helpers/workflows'
import { uploadOk, PNG_1x1 } from '../helpers/upload'

let a: SignedIn
let b: SignedIn
/** B's records. */
const B: Record<string, string> = {}
/** A's records. */
const A: Record<string, any> = {}

beforeAll(async () => {
  a = await signedIn('refa')
  b = await signedIn('refb')
  const bFlow = await workflowWithPhase(b.client, 'B flow')
  Object.assign(B, { uid: b.uid, cid: b.cid, process: bFlow.p._id, phase: bFlow.phase, team: bFlow.teamId })
  B.file = await uploadOk(PNG_1x1, 'b.png', { key: b.key })
  B.field = (await b.client.call('process.create_field', B.process, { label: 'b', type: 'text' }))._id
  const bActivity = await b.client.call('v3.activity.create', B.process, { name: 'B thing' }, { teamId: B.team })
  Object.assign(B, { activity: bActivity._id, discussion: bActivity.discussion })
  B.role = (await b.client.call('v2.network.role.create', { name: 'B role', capabilities: ['teams.read'] }))._id
  B.account = (await b.client.call('company.new_account', { name: 'B account', team_id: B.team }))._id
  B.post = (await b.client.call('wall2.new_post', { subject: 'B news', text: 'for B' }))._id

  const aFlow = await workflowWithPhase(a.client, 'A flow')
  Object.assign(A, { process: aFlow.p._id, phase: aFlow.phase, team: aFlow.teamId })
  A.users = (await a.client.call('process.create_field', A.process, { label: 'people', type: 'users' }))._id
  A.teams = (await a.client.call('process.create_field', A.process, { label: 'teams', type: 'teams' }))._id
  A.link = (await a.client.call('process.create_field', A.process, { label: 'link', type: 'activitylink', data: [A.process] }))._id
  A.activity = await a.client.call('v3.activity.create', A.process, { name: 'A thing' }, { teamId: A.team })
  A.teamProperty = (await a.client.call('company.add_property_field', 'users', { label: 'Home team', type: 'team', filledBy: 'user' }))._id
})
afterAll(() => Promise.all([a.client.close(), b.client.close()]))

/** A reply refusing B's id: `code` naming argument `argument` at `path`. */
async function refused(op: string, args: unknown[], argument: number, path: string | undefined, code = 404) {
  const reply = await a.client.send(op, args)
  expect({ op, error: reply.error }).toMatchObject({ op, error: { code, details: path === undefined ? { argument } : { argument, path } } })
}
/** Nothing A can read holds `id`. */
const notIn = (value: unknown, id: string) => expect(JSON.stringify(value)).not.toContain(id)
const activity = () => a.client.call('v3.activity.get', A.activity._id)

describe('workflows', () => {
  test.each([
    ['coverImage', () => B.file],
    ['personInCharge', () => B.uid],
    ['defaultGroupByField', () => B.field],
  ])('process.set_info %s', async (key, foreign) => {
    await refused('process.set_info', [A.process, { [key]: foreign() }], 1, `/${key}`)
    notIn(await loadWorkflow(a.client, A.process), foreign())
  })
  test("process.set_info phases: another workflow's phase id (409), phasesOrder / fieldsOrder naming what the workflow lacks (422)", async () => {
    await refused('process.set_info', [A.process, { phases: { [B.phase]: { name: 'x' } } }], 1, `/phases/${B.phase}`, 409)
    await refused('process.set_info', [A.process, { phasesOrder: [A.phase, B.phase] }], 1, '/phasesOrder', 422)
    await refused('process.set_info', [A.process, { fieldsOrder: [B.field] }], 1, '/fieldsOrder', 422)
    await refused('process.set_info', [A.process, { phases: { [A.phase]: { name: 'Open', fields: [B.field] } } }], 1, `/phases/${A.phase}/fields`, 422)
    notIn(await loadWorkflow(a.client, A.process), B.phase)
  })
  test('process.set_info preselectedTeam', async () => {
    await refused('process.set_info', [A.process, { preselectedTeam: { team: B.team } }], 1, '/preselectedTeam/team')
    notIn(await loadWorkflow(a.client, A.process), B.team)
  })
  test("process.create_field / update_field: activitylink data naming another workspace's workflow (422)", async () => {
    await refused('process.create_field', [A.process, { label: 'x', type: 'activitylink', data: [B.process] }], 1, '/data', 422)
    await refused('process.update_field', [A.process, A.link, { data: [B.process] }], 2, '/data', 422)
    notIn(await loadWorkflow(a.client, A.process), B.process)
  })
  test.each([
    ['v2.process.member.add', () => [A.process, `team_${B.team}`]],
    ['v2.process.member.add', () => [A.process, `user_${B.uid}`]],
    ['v2.process.member.add', () => [A.process, `network_${B.cid}`]],
    ['v2.process.permissions.grant', () => [A.process, B.uid, 'any']],
    ['v2.process.permissions.grant', () => [A.process, B.team, 'any']],
  ])('%s %p', async (op, args) => {
    await refused(op, args(), 1, '')
    notIn(await a.client.call('v2.process.member.list', A.process), (args()[1] as string).slice(-24))
  })
  test.each([
    ['creator', () => B.uid],
    ['team', () => B.team],
    ['account', () => B.account],
  ])('v2.process.publicForm.create and update %s', async (key, foreign) => {
    await refused('v2.process.publicForm.create', [{ processId: A.process, [key]: foreign() }], 0, `/${key}`)
    await a.client.call('v2.process.publicForm.create', { processId: A.process })
    await refused('v2.process.publicForm.update', [{ processId: A.process, [key]: foreign() }], 0, `/${key}`)
    notIn(await loadWorkflow(a.client, A.process), foreign())
  })
})

describe('activities', () => {
  // The activity value rules answer for the values of an activity: 400 for a team or person that is
  // not the workspace's (with `index` and `field`), 422 for a phase the workflow lacks, 404 for a file.
  test.each([
    ['teamId', () => B.team, 400],
    ['phaseId', () => B.phase, 422],
    ['followerIds', () => [B.uid], 400],
    ['fileIds', () => [B.file], 404],
  ])('v3.activity.create and updateMany %s', async (key, foreign, code) => {
    await refused('v3.activity.create', [A.process, { name: 'x', teamId: A.team, [key]: foreign() }], 1, `/${key}`, code)
    // updateMany's 400 names the path from the list; its 422 and 404 name the path in the update, with `index`.
    await refused('v3.activity.updateMany', [[{ _id: A.activity._id, [key]: foreign() }]], 0, code === 400 ? `/0/${key}` : `/${key}`, code)
    notIn(await activity(), JSON.stringify(foreign()).replace(/[[\]"]/g, ''))
  })
  test.each([
    ['a users field', () => A.users, () => [B.uid]],
    ['a teams field', () => A.teams, () => [B.team]],
    ['an activitylink field', () => A.link, () => [B.activity]],
  ])("v3.activity.create and updateMany: %s holding another workspace's id", async (_, field, foreign) => {
    await refused('v3.activity.create', [A.process, { name: 'x', teamId: A.team, fields: { [field()]: foreign() } }], 1, `/fields/${field()}`, 400)
    await refused('v3.activity.updateMany', [[{ _id: A.activity._id, fields: { [field()]: foreign() } }]], 0, `/0/fields/${field()}`, 400)
    notIn(await activity(), foreign()[0])
  })
  test('v3.activity.createMany teamId and phaseId', async () => {
    // The options' teamId is every activity's default: the refusal names the first activity's.
    await refused('v3.activity.createMany', [A.process, [{ name: 'x' }], { teamId: B.team }], 1, '/0/teamId', 400)
    await refused('v3.activity.createMany', [A.process, [{ name: 'x', teamId: A.team, phaseId: B.phase }]], 1, '/phaseId', 422)
  })
  test('v3.activity.ball.pass to a person of another workspace (422: only to a follower)', async () => {
    await refused('v3.activity.ball.pass', [A.activity._id, B.uid], 1, undefined, 422)
    notIn(await activity(), B.uid)
  })
})

describe('people, teams and invites', () => {
  test('company.update_team_users userIds', async () => {
    await refused('company.update_team_users', [A.team, [a.uid, B.uid]], 1, '/1')
    notIn(await a.client.call('company.load_team', A.team), B.uid)
  })
  test('company.new_account team_id', async () => {
    await refused('company.new_account', [{ name: 'x', team_id: B.team }], 0, '/team_id')
  })
  test('company.set_user_data customRole', async () => {
    await refused('company.set_user_data', [{ section: 'customRole', uid: a.uid, value: B.role }], 0, '/value')
    notIn(await a.client.call('v2.network.get', a.cid), B.role)
  })
  test("company.set_property_value: a team property naming another workspace's team", async () => {
    await refused('company.set_property_value', [A.teamProperty, 'users', { uid: a.uid, data: B.team }], 2, '/data', 400)
  })
  test("company.set_user_property_value: a team property naming another workspace's team", async () => {
    await refused('company.set_user_property_value', [A.teamProperty, B.team], 1, '/', 400)
  })
  test.each([
    ['teams', () => [B.team], '/teams/0'],
    ['customRole', () => B.role, '/customRole'],
    ['discussionIds', () => [B.discussion], '/discussionIds/0'],
  ])('v2.network.invite.send %s', async (key, foreign, path) => {
    const email = `ref.${newPhaseId()}@example.test`
    await refused('v2.network.invite.send', [{ email, cid: a.cid, [key]: foreign() }], 0, path)
    notIn(await a.client.call('v2.network.invite.list', a.cid), email)
  })
  test('v2.network.invite.edit teams', async () => {
    const sent = await a.client.call('v2.network.invite.send', { email: `ref.${newPhaseId()}@example.test`, cid: a.cid })
    await refused('v2.network.invite.edit', [sent.invite_key, { teams: [A.team, B.team] }], 1, '/teams/1')
    notIn(await a.client.call('v2.network.invite.list', a.cid), B.team)
  })
  test('v2.network.invite.send brandId is an opaque label (this server has no brands): kept and echoed', async () => {
    const sent = await a.client.call('v2.network.invite.send', { email: `ref.${newPhaseId()}@example.test`, cid: a.cid, brandId: B.cid })
    expect(sent.brandId).toBe(B.cid)
  })
  test('v3.activity.create discussionId of another record is a 409 naming it; an unused one is taken', async () => {
    await refused('v3.activity.create', [A.process, { name: 'x' }, { teamId: A.team, discussionId: B.discussion }], 2, '/discussionId', 409)
    const fresh = newPhaseId()
    expect((await a.client.call('v3.activity.create', A.process, { name: 'y' }, { teamId: A.team, discussionId: fresh })).discussion).toBe(fresh)
  })
})

describe('insights, wall, settings', () => {
  test('v3.insight.create / update: processId, fields, filters/phases', async () => {
    await refused('v3.insight.create', [{ processId: B.process, name: 'x', fields: [] }], 0, '/processId')
    await refused('v3.insight.create', [{ processId: A.process, name: 'x', fields: [B.field] }], 0, '/fields/0', 400)
    await refused('v3.insight.create', [{ processId: A.process, name: 'x', fields: [], filters: { phases: [B.phase] } }], 0, '/filters/phases/0', 400)
    const insight = await a.client.call('v3.insight.create', { processId: A.process, name: 'mine', fields: [] })
    await refused('v3.insight.update', [insight._id, { fields: [B.field] }], 1, '/fields/0', 400)
    await refused('v3.insight.update', [insight._id, { filters: { phases: [B.phase] } }], 1, '/filters/phases/0', 400)
  })
  test.each([
    ['files', () => ({ subject: 's', text: 'x', files: [B.file] }), () => undefined, 0, '/files'],
    ['recipients', () => ({ subject: 's', text: 'x' }), () => [`user_${B.uid}`], 1, '/0'],
  ])('wall2.new_post %s', async (_, post, recipients, argument, path) => {
    await refused('wall2.new_post', recipients() ? [post(), recipients()] : [post()], argument as number, path as string)
  })
  test('wall2.new_post networks: the workspace the post goes to is resolved before the call (404, no path)', async () => {
    const reply = await a.client.send('wall2.new_post', [{ subject: 's', text: 'x', networks: [B.cid] }])
    expect(reply.error).toMatchObject({ code: 404 })
  })
  test('wall2.edit_post files and recipients', async () => {
    const post = await a.client.call('wall2.new_post', { subject: 's', text: 'mine' }, [`user_${a.uid}`])
    await refused('wall2.edit_post', [post._id, { text: 'x', files: [B.file] }], 1, '/files')
    await refused('wall2.edit_post', [post._id, { text: 'x', recipients: [`team_${B.team}`] }], 1, '/recipients/0')
  })
  test('wall2.save_comment files and tagged', async () => {
    const post = await a.client.call('wall2.new_post', { subject: 's', text: 'mine' })
    await refused('wall2.save_comment', [{ text: 'x', files: [B.file] }, post._id], 0, '/files')
    await refused('wall2.save_comment', [{ text: 'x', tagged: [B.uid] }, post._id], 0, '/tagged/0')
  })
  test.each([
    ['feedSelectedWorkspaces', () => [a.cid, B.cid]],
    ['hiddenFeedPosts', () => [B.post]],
  ])('v2.user.settings.global.set %s', async (key, foreign) => {
    const path = `/${key}/${foreign().length - 1}`
    await refused('v2.user.settings.global.set', [{ [key]: foreign() }], 0, path)
    notIn(await a.client.call('v2.user.profile', a.uid), foreign().at(-1)!)
  })
  test("v3.user.profileImage.set: another person's file", async () => {
    await refused('v3.user.profileImage.set', [B.file], 0, '')
  })
})
