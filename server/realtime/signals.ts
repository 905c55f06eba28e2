/**
 * Every signal the server sends, in one place: its name, the shape of its meta and who hears it.
 * `ctx.publish` takes only names listed here, with a meta of the listed shape and topics of the
 * listed kinds (checked when compiling); the signal table of docs/reference/signals.md is printed from this list
 * (scripts/signals-table.ts, `npm run readme`).
 *
 * A meta shape names each key and the kind of its value; the TypeScript type is derived from it,
 * so the shape the documentation shows and the type the code must send are one fact.
 */

/** What a value of a meta key is; a trailing `?` makes the key optional. */
interface Kinds {
  id: string
  ids: string[]
  names: string[]
  text: string
  'text|null': string | null
  flag: boolean
  number: number
  /** A time in ms since 1970, or null. */
  'time|null': number | null
  /** An id, or null (a ball nobody holds, a phase an activity came from on creation). */
  'id|null': string | null
  record: object
}
type Kind = keyof Kinds
type Shape = Record<string, Kind | `${Kind}?`>

type Required<S extends Shape> = { [K in keyof S as S[K] extends Kind ? K : never]: Kinds[S[K] & Kind] }
type Optional<S extends Shape> = {
  [K in keyof S as S[K] extends `${infer B}?` ? (B extends Kind ? K : never) : never]?: S[K] extends `${infer B extends Kind}?` ? Kinds[B] : never
}
type MetaOfShape<S extends Shape> = Required<S> & Optional<S>

/**
 * workspace: every member of the workspace (topic workspace:<cid>); user: the user concerned
 * (topic user:<uid>); viewers: the members who may see the workflow when the signal is delivered
 * (server/domain/process-signals.ts tellViewers, server/realtime/deliver.ts); webhook: one webhook
 * only (topic webhooks:<cid>, which every webhook of the workspace reads and no socket hears; each
 * webhook keeps the events with its own `_id`: server/consumers/webhooks.ts).
 */
export type Audience = 'workspace' | 'user' | 'viewers' | 'webhook'

export const AUDIENCE_TEXT: Record<Audience, string> = {
  workspace: "the workspace's members",
  user: 'the user concerned',
  viewers: 'the members who may see the workflow',
  webhook: 'one webhook (no socket)',
}

interface SignalSpec {
  to: readonly Audience[]
  meta: Shape
  /** What the signal table adds about it. */
  note?: string
}

const MEMBER = {
  cid: 'id',
  uid: 'id',
  role: 'text',
  inviter: 'flag',
  feedAdmin: 'flag',
  title: 'text|null',
  customRole: 'text|null',
  capabilities: 'names',
  section: 'text',
  changed: 'names',
} as const
const IN_WORKSPACE = { cid: 'id', _id: 'id' } as const
const ACTIVITIES = { processId: 'id', ids: 'ids' } as const
const INSIGHT = { cid: 'id', processId: 'id', _id: 'id' } as const
const EVENT = { cid: 'id', calendarId: 'id', _id: 'id' } as const
const POST = { cid: 'id', _id: 'id' } as const
const COMMENT = { cid: 'id', postId: 'id', _id: 'id' } as const
/** Wall signals reach the people who may see the post: the workspace for an announcement, else the author and the audience. */
const POST_READERS = ['workspace', 'user'] as const

export const SIGNALS = {
  'user.settings': { to: ['user'], meta: { uid: 'id', changed: 'names' } },
  'user.emailVerified': { to: ['user'], meta: { uid: 'id', email: 'text', emailVerified: 'time|null' }, note: 'emailVerified: when it was verified' },
  'user.apikey.created': { to: ['user'], meta: { _id: 'id', workspaceId: 'id' }, note: "the key's owner; never the key" },
  'user.apikey.updated': { to: ['user'], meta: { _id: 'id', workspaceId: 'id' } },
  'user.apikey.removed': { to: ['user'], meta: { _id: 'id', workspaceId: 'id' }, note: 'sockets signed in with the key are closed' },
  'user.bot': { to: ['user'], meta: { uid: 'id', isBot: 'flag' }, note: 'v3.user.setBot' },
  'network.updated': { to: ['workspace'], meta: { _id: 'id', changed: 'names' } },
  'network.member.added': { to: ['workspace'], meta: { cid: 'id', uid: 'id' } },
  'network.member.removed': { to: ['workspace', 'user'], meta: { cid: 'id', uid: 'id' }, note: 'the removed user hears it too' },
  'network.member.updated': { to: ['workspace'], meta: { cid: 'id', uid: 'id', section: 'text', changed: 'names' }, note: 'role, flags, title' },
  'network.role.changed': { to: ['user'], meta: MEMBER, note: 'the member whose standing changed: their new role, flags and capabilities' },
  'network.role.created': { to: ['workspace'], meta: { cid: 'id', role: 'record' }, note: 'custom roles' },
  'network.role.updated': { to: ['workspace'], meta: { cid: 'id', role: 'record' } },
  'network.role.removed': { to: ['workspace'], meta: IN_WORKSPACE },
  'network.invite.sent': { to: ['workspace'], meta: IN_WORKSPACE, note: 'never the key' },
  'network.invite.updated': { to: ['workspace'], meta: { ...IN_WORKSPACE, changed: 'names' } },
  'network.invite.removed': { to: ['workspace'], meta: IN_WORKSPACE },
  'network.invite.resent': { to: ['workspace'], meta: IN_WORKSPACE },
  'network.invite.declined': { to: ['workspace'], meta: IN_WORKSPACE },
  'network.invite.accepted': { to: ['workspace'], meta: { ...IN_WORKSPACE, uid: 'id' } },
  'network.license.updated': { to: ['workspace'], meta: { _id: 'id', license: 'record' }, note: 'from scripts/set-license.ts on PostgreSQL' },
  'company.team.created': { to: ['workspace'], meta: IN_WORKSPACE },
  'company.team.updated': {
    to: ['workspace'],
    meta: { ...IN_WORKSPACE, changed: 'names', account: 'id?' },
    note: "account changes: changed ['accounts'] and the account",
  },
  'company.team.removed': { to: ['workspace'], meta: IN_WORKSPACE },
  'company.team.member.added': { to: ['user'], meta: { ...IN_WORKSPACE, uid: 'id' } },
  'company.team.member.removed': { to: ['user'], meta: { ...IN_WORKSPACE, uid: 'id' } },
  'company.propertyField.created': { to: ['workspace'], meta: IN_WORKSPACE },
  'company.propertyField.updated': { to: ['workspace'], meta: { ...IN_WORKSPACE, changed: 'names' } },
  'company.propertyField.removed': { to: ['workspace'], meta: IN_WORKSPACE },
  'company.propertyValue.updated': { to: ['workspace', 'user'], meta: { ...IN_WORKSPACE, uid: 'id?' }, note: 'the user whose value changed hears it with uid' },
  'product.created': { to: ['workspace'], meta: { _id: 'id' } },
  'product.published': { to: ['workspace'], meta: { _id: 'id', version: 'text' } },
  'product.installed': { to: ['workspace'], meta: { productId: 'id', version: 'text', processIds: 'ids' }, note: 'the workspace it was installed in' },
  'process.created': { to: ['viewers'], meta: { _id: 'id' } },
  'process.updated': { to: ['viewers'], meta: { _id: 'id', changed: 'names' }, note: 'also those who just lost sight of it' },
  'process.removed': { to: ['viewers'], meta: { _id: 'id' }, note: 'those who could see it' },
  'process.starred': { to: ['user'], meta: { _id: 'id', isStarred: 'flag' } },
  'process.field.created': { to: ['viewers'], meta: { processId: 'id', _id: 'id' } },
  'process.field.updated': { to: ['viewers'], meta: { processId: 'id', _id: 'id', changed: 'names' } },
  'process.field.removed': { to: ['viewers'], meta: { processId: 'id', _id: 'id' } },
  'v3.activity.created': { to: ['viewers'], meta: { processId: 'id', _id: 'id?', ids: 'ids?' }, note: '_id from create, ids from createMany' },
  'v3.activity.updated': { to: ['viewers'], meta: { _id: 'id', processId: 'id', fields: 'ids' }, note: 'fields: the changed field ids' },
  'v3.activity.phase': { to: ['viewers'], meta: { _id: 'id', processId: 'id', from: 'id', to: 'id' } },
  'v3.activity.ball': { to: ['viewers'], meta: { _id: 'id', processId: 'id', from: 'id|null', to: 'id|null' } },
  'v3.activity.followers': {
    to: ['viewers'],
    meta: { _id: 'id', processId: 'id', added: 'ids', removed: 'ids' },
    note: 'updateMany followerIds (added), v3.activity.followers.remove (removed)',
  },
  'v3.activity.removed': { to: ['viewers'], meta: ACTIVITIES },
  'v3.activity.recovered': { to: ['viewers'], meta: ACTIVITIES },
  'v3.user.profileImage.updated': { to: ['user', 'workspace'], meta: { uid: 'id', fileId: 'id|null' }, note: 'every workspace of the user' },
  'v3.insight.created': { to: ['user'], meta: INSIGHT, note: 'its creator and the caller' },
  'v3.insight.updated': { to: ['user'], meta: INSIGHT, note: 'its creator and the caller' },
  'v3.insight.removed': { to: ['user'], meta: INSIGHT, note: 'its creator and the caller' },
  'v3.calendar.created': { to: ['workspace'], meta: IN_WORKSPACE },
  'v3.calendar.updated': { to: ['workspace'], meta: IN_WORKSPACE },
  'v3.calendar.removed': { to: ['workspace'], meta: IN_WORKSPACE },
  'v3.calendar.event.created': { to: ['workspace'], meta: EVENT },
  'v3.calendar.event.updated': { to: ['workspace'], meta: EVENT },
  'v3.calendar.event.removed': { to: ['workspace'], meta: EVENT },
  'wall2.post.created': { to: POST_READERS, meta: POST, note: 'those who may see the post (an announcement: the workspace; a draft: its author)' },
  'wall2.post.updated': { to: POST_READERS, meta: POST, note: 'those who may see the post' },
  'wall2.post.removed': { to: POST_READERS, meta: POST, note: 'those who could see the post, also those taken off its recipients' },
  'wall2.post.liked': { to: POST_READERS, meta: { ...POST, likes: 'number' }, note: 'those who may see the post' },
  'wall2.post.pinned': { to: POST_READERS, meta: { ...POST, pinned: 'flag' }, note: 'those who may see the post' },
  'wall2.comment.created': { to: POST_READERS, meta: COMMENT, note: 'those who may see the post' },
  'wall2.comment.updated': { to: POST_READERS, meta: COMMENT, note: 'those who may see the post' },
  'wall2.comment.removed': { to: POST_READERS, meta: COMMENT, note: 'those who may see the post' },
  'wall2.seen': { to: ['user'], meta: { uid: 'id', networks: 'ids', seen: 'number' }, note: "the caller's other sockets" },
  'webhook.test': { to: ['webhook'], meta: IN_WORKSPACE, note: 'v3.webhook.test: one event for that webhook' },
  'webhook.disabled': {
    to: ['user'],
    meta: { ...IN_WORKSPACE, reason: 'text' },
    note: 'to its creator: an event failed for WEBHOOK_DISABLE_AFTER_HOURS, or the creator lost access',
  },
  'download.status': {
    to: ['user'],
    meta: { downloadId: 'text', fileId: 'id', state: 'text', bytes: 'number' },
    note: 'state: started, finished or failed (GET /file/:id?dl)',
  },
  'v3.activity.evaluateWorkflowFunctions.progress': {
    to: ['user'],
    meta: { runId: 'id', processId: 'id', status: 'text', processed: 'number', total: 'number', changed: 'number', errors: 'number' },
    note: 'a workflow-wide function run, to its starter, after each chunk',
  },
  'transfer.progress': {
    to: ['user'],
    meta: {
      _id: 'id',
      kind: 'text',
      state: 'text',
      progress: 'record',
      fileId: 'id?',
      result: 'record?',
      error: 'text?',
      created: 'number',
      updated: 'number',
      expires: 'number?',
    },
    note: 'the job of v3.user.data.export or import, to its owner',
  },
} as const satisfies Record<string, SignalSpec>

export type SignalName = keyof typeof SIGNALS
export type SignalMeta<S extends SignalName> = MetaOfShape<(typeof SIGNALS)[S]['meta']>

// Viewer signals go to the workspace's topic, narrowed to the workflow's viewers at delivery, and to the user topics of those told anyway.
type TopicOf<A extends Audience> = A extends 'workspace'
  ? `workspace:${string}`
  : A extends 'viewers'
    ? `workspace:${string}` | `user:${string}`
    : A extends 'webhook'
      ? `webhooks:${string}`
      : `user:${string}`
/** The topics a signal may be published on, from the audiences the catalogue lists for it. */
export type SignalTopic<S extends SignalName> = TopicOf<(typeof SIGNALS)[S]['to'][number]>

/** The signals about a workflow, heard by those who may see it. */
export type ViewerSignal = { [S in SignalName]: 'viewers' extends (typeof SIGNALS)[S]['to'][number] ? S : never }[SignalName]

/** A signal as a bus message, for code that publishes outside a call (downloads, background jobs, scripts). */
export const signalMessage = <S extends SignalName>(topics: SignalTopic<S>[], sig: S, meta: SignalMeta<S>) => ({
  kind: 'signal' as const,
  topics: topics as string[],
  sig,
  meta,
})

/** One signal with its meta, checked against the catalogue: `{ sig: 'process.updated', meta: {...} }`. */
export type Told<S extends SignalName = SignalName> = { [N in S]: { sig: N; meta: SignalMeta<N> } }[S]
