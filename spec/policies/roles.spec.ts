/**
 * Walks the role table: every operation declared with access 'member' (server/ops) is called
 * by a member of each role (owner, admin, user, inviter, guest) with valid arguments, and must answer
 * 403 exactly when the table denies that role, and succeed otherwise. Each operation has a recipe
 * below that makes a valid call; an operation of the table without one fails the walk.
 */
import fs from 'node:fs'
import path from 'node:path'
import { GRANTABLE_CAPABILITIES, roleCapabilities } from '../../server/policies/roles'
import { operations } from '../../server/ops'
import { roleTableOf } from '../../server/rpc/registry'
import { joinWorkspace, type JoinRole } from '../helpers/members'
import { signedIn, uniqueEmail, type SignedIn } from '../helpers/users'
import { newPhaseId } from '../helpers/workflows'
import type { ArgsOf, OpName } from '../helpers/client'

/** The role table, from the operations' declarations. */
const ROLE_TABLE = roleTableOf(operations)

const WALK_ROLES: JoinRole[] = ['owner', 'admin', 'user', 'inviter', 'guest']

interface Fixture {
  /** Created the workspace; sets things up for the recipes. */
  owner: SignedIn
  cid: string
  /** A plain member other than the caller (a target for member operations). */
  bystander: SignedIn
  /** The role under test, and its standing member (the caller unless a recipe says otherwise). */
  role: JoinRole
  member: SignedIn
  /** A new member of the role under test, for operations that use their caller up. */
  fresh(): Promise<SignedIn>
  /** A new plain member, for operations that use their target up. */
  freshTarget(): Promise<SignedIn>
  teamId: string
  fieldId: string
  unique(tag: string): string
}

interface Call {
  args: unknown[]
  /** Call as this member (of the role under test) instead of the role's standing member. */
  as?: SignedIn
}

type Recipe = (fx: Fixture) => Promise<Call>

const asOwner = <O extends OpName>(fx: Fixture, op: O, ...args: ArgsOf<O>) => fx.owner.client.call(op, ...args)
const newInvite = async (fx: Fixture) => (await asOwner(fx, 'v2.network.invite.send', { email: uniqueEmail('walk'), cid: fx.cid })).invite_key
const newTeam = async (fx: Fixture) => (await asOwner(fx, 'company.new_team', { name: fx.unique('team') }))._id
const newRole = async (fx: Fixture) => (await asOwner(fx, 'v2.network.role.create', { name: fx.unique('role'), capabilities: [] }))._id

/** A webhook of the workspace, disabled (it posts nothing while the walk goes on). */
const WALK_HOOK = 'https://example.test/walk'
async function newHook(fx: Fixture) {
  const hook = await asOwner(fx, 'v3.webhook.create', fx.cid, { url: WALK_HOOK })
  await asOwner(fx, 'v3.webhook.update', hook._id, { enabled: false })
  return hook
}

/** An automation on the walk's workflow, disabled (it runs nothing while the walk goes on). */
const walkRule = async (fx: Fixture): Promise<ArgsOf<'v3.automation.create'>[1]> => ({
  processId: (await functions(fx)).processId,
  trigger: { type: 'activity.created' },
  actions: [{ type: 'setFields', fields: {} }],
  enabled: false,
})
const newRule = async (fx: Fixture) => asOwner(fx, 'v3.automation.create', fx.cid, await walkRule(fx))

const AN_EVENT = { title: 'Walked', start: '2026-03-02T09:00:00Z' }

/** A call as the member of the role under test, about a new calendar of their own. */
async function ownCalendar(fx: Fixture, args: (calendarId: string, as: SignedIn) => unknown[] | Promise<unknown[]>): Promise<Call> {
  const as = fx.member
  const calendar = await as.client.call('v3.calendar.create', { name: fx.unique('calendar') })
  return { args: await args(calendar._id, as), as }
}

/** The same, about an event of a calendar of their own. */
const ownEvent = (fx: Fixture, args: (eventId: string) => unknown[]) =>
  ownCalendar(fx, async (calendarId, as) => args((await as.client.call('v3.calendar.event.create', calendarId, AN_EVENT))._id))

/** A product of another workspace with one workflow, published once (any signed-in user sees it). */
let product: Promise<string> | undefined
const publishedProduct = async (fx: Fixture) => {
  product ??= (async () => {
    const publisher = await signedIn('walk-publisher')
    await publisher.client.call('process.create', { name: 'Product workflow' })
    const published = await publisher.client.call('v2.network.product.publishTemplate', {
      version: '1.0.0',
      versionDescription: 'walked',
      title: fx.unique('product'),
      description: 'walked',
    })
    await publisher.client.close()
    return published._id as string
  })()
  return product
}

/** A workflow with a function field and one activity, in the walked workspace (made once). */
let functionWorld: Promise<{ processId: string; fieldId: string; activityId: string }> | undefined
const functions = (fx: Fixture) => {
  functionWorld ??= (async () => {
    const p = await asOwner(fx, 'process.create', { name: fx.unique('functions') })
    const phase = newPhaseId()
    await asOwner(fx, 'process.set_info', p._id, { phases: { [phase]: { name: 'Open' } }, phasesOrder: [phase] })
    const a = await asOwner(fx, 'process.create_field', p._id, { label: 'A', type: 'numeric' })
    const f = await asOwner(fx, 'process.create_field', p._id, {
      label: 'F',
      type: 'numeric',
      function: 'return dep.a * 2',
      functionEnabled: true,
      functionVariables: { a: { type: '=', data: [a._id] } },
    })
    const activity = await asOwner(fx, 'v3.activity.create', p._id, { name: 'walked', fields: { [a._id]: 1 } }, { teamId: fx.teamId })
    return { processId: p._id, fieldId: f._id, activityId: activity._id }
  })()
  return functionWorld
}

/** A wall post the member of the role under test may see: the owner's post to the whole workspace. */
const wallPost = async (fx: Fixture) => (await asOwner(fx, 'wall2.new_post', { subject: fx.unique('post'), text: 'walked' }))._id as string
/** A wall post by the member of the role under test, to the owner. */
const ownWallPost = async (fx: Fixture) =>
  (await fx.member.client.call('wall2.new_post', { subject: fx.unique('post'), text: 'walked' }, [`user_${fx.owner.uid}`]))._id as string
/** A comment by the member of the role under test on a post it sees. */
const ownComment = async (fx: Fixture) => {
  const postId = await wallPost(fx)
  return { postId, commentId: (await fx.member.client.call('wall2.save_comment', { text: 'walked' }, postId))._id as string }
}

/** One valid call per operation of the table. */
const RECIPES: Record<string, Recipe> = {
  'v3.activity.explainNodeDryRun': async (fx) => {
    const w = await functions(fx)
    return { args: [{ activityId: w.activityId, fieldId: w.fieldId }] }
  },
  'v3.activity.verifyWorkflowValues': async (fx) => ({ args: [{ workflowId: (await functions(fx)).processId }] }),
  'v3.activity.evaluateWorkflowFunctions.start': async (fx) => ({ args: [{ processId: (await functions(fx)).processId }] }),
  'v3.activity.evaluateWorkflowFunctions.logs': async (fx) => {
    const { runId } = await asOwner(fx, 'v3.activity.evaluateWorkflowFunctions.start', { processId: (await functions(fx)).processId })
    return { args: [{ runId }] }
  },
  'v3.activity.evaluateAllFunctions': async (fx) => {
    await functions(fx)
    return { args: [{ apply: false }] }
  },
  'v3.activity.convertStackedVariables': async (fx) => ({ args: [{ processId: (await functions(fx)).processId }] }),
  'v3.activity.repairWorkflowPath': async (fx) => {
    const w = await functions(fx)
    return { args: [{ workflowId: w.processId, fieldId: w.fieldId }] }
  },
  'v3.activity.repairWorkflowPathDryRun': async (fx) => {
    const w = await functions(fx)
    return { args: [{ workflowId: w.processId, fieldId: w.fieldId }] }
  },
  'v3.activity.forceRepairWorkflowPath': async (fx) => {
    const w = await functions(fx)
    return { args: [{ workflowId: w.processId, fieldId: w.fieldId }] }
  },
  'process.create': async (fx) => ({ args: [{ name: fx.unique('workflow') }] }),
  'process.install_template': async (fx) => ({ args: [(await asOwner(fx, 'process.list_templates'))[0]._id] }),
  'v2.network.workflowTemplate': async (fx) => ({ args: [fx.cid] }),
  'v2.network.product.create': async (fx) => ({ args: [{ name: fx.unique('product') }] }),
  'v2.network.product.publishTemplate': async (fx) => {
    await asOwner(fx, 'process.create', { name: fx.unique('published workflow') })
    return { args: [{ version: `1.0.${fx.unique('v').split(' ')[1]}`, versionDescription: 'walked', title: fx.unique('product'), description: 'walked' }] }
  },
  'v2.network.product.install': async (fx) => ({ args: [await publishedProduct(fx), fx.cid] }),
  'v2.network.product.isProductInstalled': async (fx) => ({ args: [await publishedProduct(fx), fx.cid] }),
  'v2.network.get': async (fx) => ({ args: [fx.cid] }),
  'v2.network.update': async (fx) => ({ args: [fx.cid, { color: '#123456' }] }),
  'v2.network.restrictions': async () => ({ args: [] }),
  'v2.network.fastFunctions.set': async (fx) => ({ args: [fx.cid, true] }),
  'v2.network.license.get': async () => ({ args: [] }),
  'v2.network.role.list': async () => ({ args: [] }),
  'v2.network.role.create': async (fx) => ({ args: [{ name: fx.unique('role'), capabilities: ['teams.read'] }] }),
  'v2.network.role.update': async (fx) => ({ args: [await newRole(fx), { name: fx.unique('renamed') }] }),
  'v2.network.role.remove': async (fx) => ({ args: [await newRole(fx)] }),
  'v2.network.invite.send': async (fx) => ({ args: [{ email: uniqueEmail('walk'), role: 'user', cid: fx.cid }] }),
  'v2.network.invite.list': async (fx) => ({ args: [fx.cid] }),
  'v2.network.invite.edit': async (fx) => ({ args: [await newInvite(fx), { notes: 'walked' }] }),
  'v2.network.invite.remove': async (fx) => ({ args: [await newInvite(fx)] }),
  'v2.network.invite.resend': async (fx) => ({ args: [await newInvite(fx)] }),
  'company.get_general_options': async () => ({ args: [] }),
  'company.set_general_options': async () => ({ args: [{ description: 'walked' }] }),
  'company.set_user_data': async (fx) => ({ args: [{ section: 'title', uid: fx.bystander.uid, value: 'Walker' }] }),
  'company.remove_user': async (fx) => ({ args: [(await fx.freshTarget()).uid] }),
  'company.leave': async (fx) => ({ args: [fx.cid], as: await fx.fresh() }),
  'v3.user.permissions': async (fx) => ({ args: [null, fx.cid] }),
  'v3.user.apikey.create': async (fx) => ({ args: [fx.unique('key'), fx.cid, []] }),
  'v3.audit.list': async (fx) => ({ args: [fx.cid, { limit: 1 }] }),
  'company.new_team': async (fx) => ({ args: [{ name: fx.unique('team') }] }),
  'company.load_team': async (fx) => ({ args: [fx.teamId] }),
  'company.remove_team': async (fx) => ({ args: [await newTeam(fx)] }),
  'company.set_team_data': async (fx) => ({ args: [{ team_id: fx.teamId, section: 'description', data: 'walked' }] }),
  'company.update_team_users': async (fx) => ({ args: [fx.teamId, [fx.owner.uid]] }),
  'company.form_get_teams': async () => ({ args: [] }),
  'company.new_account': async (fx) => ({ args: [{ name: fx.unique('account'), team_id: fx.teamId }] }),
  'company.remove_account': async (fx) => {
    const account = await asOwner(fx, 'company.new_account', { name: fx.unique('account'), team_id: fx.teamId })
    return { args: [{ account_id: account._id, team_id: fx.teamId }] }
  },
  'company.set_account_data': async (fx) => {
    const account = await asOwner(fx, 'company.new_account', { name: fx.unique('account'), team_id: fx.teamId })
    return { args: ['name', { account_id: account._id, name: fx.unique('renamed') }] }
  },
  'company.add_property_field': async (fx) => ({ args: ['users', { label: fx.unique('field'), type: 'text', filledBy: 'user' }] }),
  'company.update_property_field': async (fx) => ({ args: ['users', fx.fieldId, { label: fx.unique('field'), type: 'text', filledBy: 'user' }] }),
  'company.remove_property_field': async (fx) => {
    const field = await asOwner(fx, 'company.add_property_field', 'users', { label: fx.unique('field'), type: 'text', filledBy: 'user' })
    return { args: [field._id, 'users'] }
  },
  'company.set_property_value': async (fx) => ({ args: [fx.fieldId, 'users', { uid: fx.bystander.uid, data: 'walked' }] }),
  'company.set_user_property_value': async (fx) => ({ args: [fx.fieldId, 'mine'] }),
  'v3.calendar.create': async (fx) => ({ args: [{ name: fx.unique('calendar') }] }),
  'v3.webhook.create': async (fx) => ({ args: [fx.cid, { url: WALK_HOOK, events: ['webhook.test'] }] }),
  'v3.webhook.list': async (fx) => ({ args: [fx.cid] }),
  'v3.webhook.update': async (fx) => ({ args: [(await newHook(fx))._id, { description: 'walked' }] }),
  'v3.webhook.remove': async (fx) => ({ args: [(await newHook(fx))._id] }),
  'v3.webhook.rotateSecret': async (fx) => ({ args: [(await newHook(fx))._id] }),
  'v3.webhook.test': async (fx) => ({ args: [(await newHook(fx))._id] }),
  'v3.webhook.deliveries': async (fx) => ({ args: [(await newHook(fx))._id] }),
  'v3.webhook.redeliver': async (fx) => {
    const hook = await newHook(fx)
    return { args: [hook._id, hook.position + 1] }
  },
  'v3.automation.create': async (fx) => ({ args: [fx.cid, await walkRule(fx)] }),
  'v3.automation.list': async (fx) => ({ args: [fx.cid] }),
  'v3.automation.update': async (fx) => ({ args: [(await newRule(fx))._id, { name: 'walked' }] }),
  'v3.automation.remove': async (fx) => ({ args: [(await newRule(fx))._id] }),
  'v3.automation.runs': async (fx) => ({ args: [(await newRule(fx))._id] }),
  'v3.calendar.list': async () => ({ args: [] }),
  // The calendar rule (its creator, owners and admins change it) holds here: each caller made its own.
  'v3.calendar.update': async (fx) => ownCalendar(fx, (calendarId) => [calendarId, { name: fx.unique('renamed') }]),
  'v3.calendar.remove': async (fx) => ownCalendar(fx, (calendarId) => [calendarId]),
  'v3.calendar.event.list': async (fx) => ownCalendar(fx, (calendarId) => [calendarId]),
  'v3.calendar.event.create': async (fx) => ownCalendar(fx, (calendarId) => [calendarId, AN_EVENT]),
  'v3.calendar.event.update': async (fx) => ownEvent(fx, (eventId) => [eventId, { title: fx.unique('moved') }]),
  'v3.calendar.event.remove': async (fx) => ownEvent(fx, (eventId) => [eventId]),
  'v3.calendar.subscribeCode.create': async (fx) => ownCalendar(fx, (calendarId) => [calendarId]),
  'v3.calendar.subscribeCode.rotate': async (fx) =>
    ownCalendar(fx, async (calendarId, as) => {
      await as.client.call('v3.calendar.subscribeCode.create', calendarId)
      return [calendarId]
    }),
  'wall2.new_post': async (fx) => ({ args: [{ subject: fx.unique('post'), text: 'walked' }, [`user_${fx.owner.uid}`]] }),
  'wall2.edit_post': async (fx) => ({ args: [await ownWallPost(fx), { text: 'edited' }] }),
  'wall2.remove_post': async (fx) => ({ args: [await ownWallPost(fx)] }),
  'wall2.load_posts': async (fx) => ({ args: [await wallPost(fx)] }),
  'wall2.pin_post': async (fx) => ({ args: [await wallPost(fx), true] }),
  'wall2.like_post': async (fx) => ({ args: [await wallPost(fx), 'like'] }),
  'wall2.follow_post': async (fx) => ({ args: [await wallPost(fx)] }),
  'wall2.unfollow_post': async (fx) => ({ args: [await wallPost(fx)] }),
  'wall2.save_comment': async (fx) => ({ args: [{ text: 'walked' }, await wallPost(fx)] }),
  'wall2.load_comments': async (fx) => ({ args: [await wallPost(fx)] }),
  'wall2.edit_comment': async (fx) => {
    const { postId, commentId } = await ownComment(fx)
    return { args: [postId, commentId, 'edited'] }
  },
  'wall2.remove_comment': async (fx) => {
    const { postId, commentId } = await ownComment(fx)
    return { args: [commentId, postId] }
  },
}

/** What the table says: an inviter is a user with the inviter flag. */
const allowed = (role: JoinRole, op: string) => (role === 'inviter' ? roleCapabilities('user', true) : roleCapabilities(role)).has(ROLE_TABLE.get(op)!)

let owner: SignedIn
let bystander: SignedIn
let teamId: string
let fieldId: string
const members = new Map<JoinRole, SignedIn>()
const everyone: SignedIn[] = []
let counter = 0

beforeAll(async () => {
  owner = await signedIn('walk-owner')
  everyone.push(owner)
  for (const role of WALK_ROLES) {
    const member = await joinWorkspace(owner, { role })
    members.set(role, member)
    everyone.push(member)
  }
  bystander = await joinWorkspace(owner, { role: 'user', tag: 'bystander' })
  everyone.push(bystander)
  teamId = (await owner.client.call('company.new_team', { name: 'Walk team' }))._id
  fieldId = (await owner.client.call('company.add_property_field', 'users', { label: 'Walk field', type: 'text', filledBy: 'user' }))._id
}, 120_000)
afterAll(() => Promise.all(everyone.map((m) => m.client.close())))

function fixture(role: JoinRole): Fixture {
  const join = async (r: JoinRole) => {
    const m = await joinWorkspace(owner, { role: r })
    everyone.push(m)
    return m
  }
  return {
    owner,
    cid: owner.cid,
    bystander,
    role,
    member: members.get(role)!,
    teamId,
    fieldId,
    fresh: () => join(role),
    freshTarget: () => join('user'),
    unique: (tag) => `${tag} ${++counter}`,
  }
}

describe('the role table', () => {
  test('every operation of the table has a recipe, and every recipe an operation of the table', () => {
    expect([...ROLE_TABLE.keys()].filter((op) => !RECIPES[op])).toEqual([])
    expect(Object.keys(RECIPES).filter((op) => !ROLE_TABLE.has(op))).toEqual([])
  })

  test('custom roles may grant exactly the capabilities the role schemas list', () => {
    for (const name of ['v2.network.role.create', 'v2.network.role.update']) {
      const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'schemas', 'ops', `${name}.json`), 'utf8'))
      const listed = schema.prefixItems.at(-1).properties.capabilities.items.enum
      expect([...listed].sort()).toEqual([...GRANTABLE_CAPABILITIES].sort())
    }
    expect(GRANTABLE_CAPABILITIES).not.toContain('members.setOwner')
  })

  test('an inviter holds what a user holds plus members.invite', () => {
    const user = roleCapabilities('user')
    const inviter = roleCapabilities('user', true)
    expect([...inviter].filter((c) => !user.has(c))).toEqual(['members.invite'])
    expect([...user].every((c) => inviter.has(c))).toBe(true)
  })

  // The walk: each operation, each role; 403 exactly where the table denies.
  const ops = [...ROLE_TABLE.keys()].sort()
  test.each(ops)('%s: 403 exactly for the roles the table denies', async (op) => {
    const recipe = RECIPES[op]
    if (!recipe) throw new Error(`${op} has no recipe in spec/policies/roles.spec.ts`)
    const outcomes: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const role of WALK_ROLES) {
      const { args, as } = await recipe(fixture(role))
      const caller = as ?? members.get(role)!
      const reply = await caller.client.send(op, args)
      outcomes[role] = reply.error ? `${reply.error.code} ${reply.error.msg}` : 'ok'
      expected[role] = allowed(role, op) ? 'ok' : '403'
      if (outcomes[role].startsWith('403 ')) outcomes[role] = '403'
    }
    expect(outcomes).toEqual(expected)
  })
})
