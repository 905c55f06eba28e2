/** Table types for kysely. Timestamps are milliseconds since 1970 (bigint columns read as numbers). */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { FieldType, FilledBy, Permission, PropertyFieldType, Role, WallPost } from '../../schemas/types.generated'

// The enums a column holds are those of schemas/ (defs.json, records/), so the wire and the tables agree.
export type { PropertyFieldType, Role }
export type ProcessFieldType = FieldType
export type ProcessPermission = Permission
export type WallPostState = WallPost['state']

type Json<T> = ColumnType<T, string, string>

export interface UsersTable {
  _id: string
  email: string
  firstname: string
  lastname: string
  password_hash: string
  settings: Json<Record<string, unknown>>
  default_cid: string | null
  created: number
  updated: number | null
  email_verified: Generated<number | null>
  /** server/db/migrations/050_keys.ts: set only by v3.user.setBot. */
  is_bot: Generated<boolean>
  /** When the account was removed (v3.user.remove); its personal data is erased then. */
  removed: Generated<number | null>
  /** server/db/migrations/055_sso_bindings.ts: the identity (provider issuer, subject) that signs in to an account made through single sign-on. */
  sso_issuer: Generated<string | null>
  sso_subject: Generated<string | null>
}

export interface SessionsTable {
  key_hash: string
  uid: string
  cid: string | null
  created: number
  last_used: number
}

export interface WorkspacesTable {
  _id: string
  name: string
  uid: string
  settings: Json<Record<string, unknown>>
  license: Json<Record<string, unknown>>
  restricted: Generated<boolean>
  created: number
  updated: number | null
}

/** Belongs to a workspace: `cid` leads the primary key (see "Storage" in docs/architecture.md). */
export interface WorkspaceMembersTable {
  cid: string
  uid: string
  role: Role
  /** Flags and labels set with company.set_user_data besides the role. */
  inviter: Generated<boolean>
  feed_admin: Generated<boolean>
  title: string | null
  custom_role: string | null
  created: number
}

export interface TeamsTable {
  cid: string
  _id: string
  name: string
  description: string | null
  public: Generated<boolean>
  default_view: string | null
  uid: string
  created: number
  updated: number | null
}

export interface TeamMembersTable {
  cid: string
  team_id: string
  uid: string
}

export interface AccountsTable {
  cid: string
  _id: string
  team_id: string
  name: string
  color: string | null
  created: number
  updated: number | null
}

export interface CustomRolesTable {
  cid: string
  _id: string
  name: string
  permissions: Json<Record<string, unknown>>
  created: number
  updated: number | null
}

export interface InvitesTable {
  cid: string
  _id: string
  invite_key: string
  email: string
  name: string | null
  title: string | null
  notes: string | null
  role: Role
  custom_role: string | null
  teams: Json<string[]>
  discussion_ids: Json<string[]>
  brand_id: string | null
  invited_by: string
  created: number
  updated: number | null
}

export interface PropertyFieldsTable {
  cid: string
  _id: string
  label: string
  type: PropertyFieldType
  filled_by: FilledBy
  enable_multiple: Generated<boolean>
  data: Json<unknown> | null
  uid: string
  created: number
  updated: number | null
}

export interface PropertyValuesTable {
  cid: string
  field_id: string
  uid: string
  value: Json<unknown>
  updated: number
}

export interface EmailVerificationsTable {
  _id: string
  uid: string
  key_hash: string
  email: string
  created: number
  expires: number
}

export interface ProcessesTable {
  cid: string
  _id: string
  uid: string
  name: string
  key: string | null
  /** enableUnlinkedMode: a dataset. */
  dataset: Generated<boolean>
  /** The other configuration fields of the interface's process table. */
  info: Json<Record<string, unknown>>
  prefix_suffix: Generated<number>
  created: number
  updated: number | null
}

export interface ProcessFieldsTable {
  cid: string
  _id: string
  process_id: string
  type: ProcessFieldType
  descriptor: Json<Record<string, unknown>>
  uid: string
  created: number
  updated: number | null
}

export interface ProcessMembersTable {
  cid: string
  process_id: string
  member_id: string
  permissions: Json<ProcessPermission[]>
  created: number
}

export interface ProcessStarsTable {
  cid: string
  process_id: string
  uid: string
  created: number
}

export interface PublicFormsTable {
  cid: string
  process_id: string
  key: string
  creator: string
  team_id: string | null
  account_id: string | null
  followers: 'none' | 'creator' | 'team'
  active: Generated<boolean>
  enable_messaging: Generated<boolean>
  allow_read: Generated<boolean>
  theme: Json<Record<string, unknown>>
  created: number
  updated: number | null
}

/** The marketplace (migration 005). */
export interface ProductsTable {
  cid: string
  _id: string
  name: string
  uid: string
  created: number
  updated: number | null
}

export interface ProductVersionsTable {
  cid: string
  product_id: string
  version: string
  version_description: string
  title: string
  description: string
  template: Json<Record<string, unknown>>
  uid: string
  created: number
}

export interface ProductInstallsTable {
  cid: string
  product_id: string
  version: string
  process_ids: Json<string[]>
  uid: string
  created: number
}

export interface ActivitiesTable {
  cid: string
  _id: string
  process_id: string
  /** The creator. */
  uid: string
  name: string
  team_id: string | null
  account_id: string | null
  current_phase: string
  complete_phases: Json<string[]>
  /** Field id -> value. */
  fields: Json<Record<string, unknown>>
  files: Json<string[]>
  location: Json<unknown> | null
  sequence: number | null
  priority: number | null
  discussion_id: string
  ball_holder: Json<{ uid: string; since: number }> | null
  removed: Generated<boolean>
  removed_on: number | null
  removed_by: string | null
  created: number
  updated: number | null
}

export interface DiscussionMembersTable {
  cid: string
  discussion_id: string
  uid: string
  created: number
}

export interface ActivityLinksTable {
  cid: string
  from_id: string
  field_id: string
  to_id: string
}

export interface ActivityPhaseCountsTable {
  cid: string
  process_id: string
  phase_id: string
  count: number
}

export type HistoryKind = 'created' | 'updated' | 'phase' | 'ball' | 'removed' | 'recovered'

export interface ActivityHistoryTable {
  cid: string
  _id: string
  activity_id: string
  process_id: string
  uid: string
  at: number
  kind: HistoryKind
  changes: Json<Record<string, unknown>>
}

/** Uploaded files (migration 010); the bytes are in FILES_DIR. */
export interface FilesTable {
  cid: string
  _id: string
  /** The uploader. */
  uid: string
  name: string
  size: number
  sha256: string
  /** Sniffed from the bytes. */
  content_type: string
  public: Generated<boolean>
  created: number
}

export interface Database {
  files: FilesTable
  users: UsersTable
  sessions: SessionsTable
  workspaces: WorkspacesTable
  workspace_members: WorkspaceMembersTable
  teams: TeamsTable
  team_members: TeamMembersTable
  accounts: AccountsTable
  custom_roles: CustomRolesTable
  invites: InvitesTable
  property_fields: PropertyFieldsTable
  property_values: PropertyValuesTable
  email_verifications: EmailVerificationsTable
  processes: ProcessesTable
  process_fields: ProcessFieldsTable
  process_members: ProcessMembersTable
  process_stars: ProcessStarsTable
  public_forms: PublicFormsTable
  products: ProductsTable
  product_versions: ProductVersionsTable
  product_installs: ProductInstallsTable
  activities: ActivitiesTable
  discussion_members: DiscussionMembersTable
  activity_links: ActivityLinksTable
  activity_phase_counts: ActivityPhaseCountsTable
  activity_history: ActivityHistoryTable
  calendars: CalendarsTable
  calendar_events: CalendarEventsTable
  profile_images: ProfileImagesTable
  insights: InsightsTable
  function_state: FunctionStateTable
  function_runs: FunctionRunsTable
  function_run_log: FunctionRunLogTable
  event_log: EventLogTable
  realtime_state: RealtimeStateTable
  idempotency_keys: IdempotencyKeysTable
  wall_posts: WallPostsTable
  wall_audience: WallAudienceTable
  wall_likes: WallPerPostTable
  wall_followers: WallPerPostTable
  wall_comments: WallCommentsTable
  wall_unread: WallUnreadTable
  wall_seen: WallSeenTable
  api_keys: ApiKeysTable
  pow_challenges: PowChallengesTable
  transfer_jobs: TransferJobsTable
  phase_ids: PhaseIdsTable
  audit_log: AuditLogTable
  consumer_cursors: ConsumerCursorsTable
  webhooks: WebhooksTable
  webhook_deliveries: WebhookDeliveriesTable
  automations: AutomationsTable
  automation_runs: AutomationRunsTable
}

/** server/db/migrations/011_calendars.ts */
export interface CalendarsTable {
  cid: string
  _id: string
  name: string
  description: string | null
  color: string | null
  timezone: Generated<string>
  uid: string
  subscribe_hash: string | null
  created: number
  updated: number | null
}

export interface CalendarEventsTable {
  cid: string
  _id: string
  calendar_id: string
  title: string
  description: string | null
  location: string | null
  all_day: Generated<boolean>
  start: string
  end: string | null
  start_ms: number
  end_ms: number
  timezone: string | null
  uid: string
  created: number
  updated: number | null
}

/** server/db/migrations/011_calendars.ts: a user's profile image, an uploaded image file. */
export interface ProfileImagesTable {
  uid: string
  file_id: string
  updated: number
}

/** server/db/migrations/011_calendars.ts: insights over a workflow's activities. */
export interface InsightsTable {
  cid: string
  _id: string
  process_id: string
  name: string
  /** Field ids, in column order. */
  fields: Json<string[]>
  filters: Json<Record<string, unknown>>
  uid: string
  public_hash: string | null
  created: number
  updated: number | null
}

/** server/db/migrations/030_event_log.ts: the durable event log and the idempotency keys. */
export interface EventLogTable {
  seq: number
  created: number
  topics: string[]
  sig: string
  meta: Json<unknown>
  process_id: string | null
  /** The automation run that wrote it (migration 110), else null. */
  origin: Generated<Json<EventOrigin> | null>
}

/** Which automation's run wrote an event, and how deep in a chain of runs it stands (1: set off by a person's change). */
export interface EventOrigin {
  automationId: string
  depth: number
}

export interface RealtimeStateTable {
  id: number
  pruned_through: number
  /** The highest seq committed to the event log (migration 120). */
  last_seq: number
}

export interface IdempotencyKeysTable {
  uid: string
  key: string
  op: string
  args_hash: string
  /** The result as the first call's reply carried it (JSON text; migration 032). */
  result: string | null
  created: number
}

/** server/db/migrations/040_wall.ts: the wall. */
export interface WallPostsTable {
  cid: string
  _id: string
  /** The author. */
  uid: string
  subject: string
  text: string
  files: Json<string[]>
  loc: Json<unknown> | null
  /** As given: user_<id>, team_<id>, network_<id>. */
  recipients: Json<string[]>
  /** Addressed to the whole workspace: every member sees it, also those who join later. */
  to_all: boolean
  allow_reply: boolean
  state: WallPostState
  schedule_time: number | null
  /** When it appeared to its recipients (null until published). */
  published: number | null
  pinned: Generated<boolean>
  like_count: Generated<number>
  comment_count: Generated<number>
  created: number
  updated: number | null
}

/** wall_likes, wall_followers. */
export interface WallPerPostTable {
  cid: string
  post_id: string
  uid: string
}

/** Who may see a published post, and since when. */
export interface WallAudienceTable extends WallPerPostTable {
  added: number
}

export interface WallCommentsTable {
  cid: string
  _id: string
  post_id: string
  uid: string
  text: string
  loc: Json<unknown> | null
  tagged: Json<string[]>
  tags: Json<string[]>
  files: Json<string[]>
  created: number
  updated: number | null
}

export type UnreadType = 'user' | 'activity.created' | 'activity.updated'

export interface WallUnreadTable {
  cid: string
  uid: string
  type: UnreadType
  count: number
}

export interface WallSeenTable {
  cid: string
  uid: string
  seen: number
}

/** server/db/migrations/070_transfers.ts: data export and import jobs. */
export interface TransferJobsTable {
  _id: string
  uid: string
  kind: 'export' | 'import'
  state: 'running' | 'finished' | 'failed'
  progress: Json<TransferProgress>
  options: Json<Record<string, unknown>>
  file_id: string | null
  result: Json<Record<string, unknown>> | null
  error: string | null
  created: number
  updated: number
  expires: number | null
}

export interface TransferProgress {
  /** What the job is doing now (a record kind, "files", "downloading", ...). */
  step: string
  done: number
  total: number
}

/** The handle every query takes: the database, or the transaction of the call under way. */
export type DbHandle = Kysely<Database> | Transaction<Database>

/** server/db/migrations/050_keys.ts */
export interface ApiKeysTable {
  cid: string
  _id: string
  uid: string
  name: string
  key_hash: string
  key_prefix: string
  whitelist_ips: Json<string[]>
  delegated_to_url: string | null
  created: number
  updated: number | null
  expires: number
  last_used: number | null
}

export interface PowChallengesTable {
  identifier: string
  challenge: string
  difficulty: number
  expires: number
}

/** server/db/migrations/020_functions.ts */
export interface FunctionStateTable {
  cid: string
  activity_id: string
  /** A field id, or 'name' for the name function. */
  field_key: string
  error: string | null
  dirty: Generated<boolean>
  since: number
  /** The origin of the write that marked it stale (server/db/event-origin.ts, migration 112). */
  origin: ColumnType<EventOrigin | null, string | null | undefined, string | null>
}

/** server/db/migrations/021_function_runs.ts */
export interface FunctionRunsTable {
  cid: string
  _id: string
  process_id: string
  field_keys: Json<string[]>
  apply: boolean
  status: 'running' | 'done' | 'failed'
  cursor: Generated<string>
  total: number
  processed: Generated<number>
  changed: Generated<number>
  errors: Generated<number>
  log_seq: Generated<number>
  started_by: string
  created: number
  finished: number | null
}

export interface FunctionRunLogTable {
  cid: string
  run_id: string
  ts: number
  kind: 'changed' | 'error' | 'done'
  activity_id: string | null
  field_key: string | null
  before: Json<unknown> | null
  after: Json<unknown> | null
  message: string | null
  at: number
}

/** server/db/migrations/080_phase_ids.ts: kept by a trigger on processes, never written by code. */
export interface PhaseIdsTable {
  phase_id: string
  cid: string
  process_id: string
}

/** server/db/migrations/105_audit_log.ts */
export interface AuditLogTable {
  cid: string
  ts: number
  _id: string
  kind: string
  actor_uid: string | null
  actor_key: string | null
  address: string | null
  target_kind: string
  target_id: string
  before: Json<unknown> | null
  after: Json<unknown> | null
}

/** server/db/migrations/100_webhooks.ts: durable consumers of the event log and outbound webhooks. */
export interface ConsumerCursorsTable {
  consumer: string
  id: string
  cid: string
  /** The last seq handled: the next event is after it. */
  position: number
  enabled: Generated<boolean>
  /** Not before this time (ms): a retry's backoff. */
  due: Generated<number>
  /** Failed attempts of the event after `position`. */
  attempts: Generated<number>
  /** When the event after `position` first failed (null while nothing fails). */
  failing_since: number | null
  claimed_until: Generated<number>
  claimed_by: string | null
}

export interface WebhooksTable {
  cid: string
  _id: string
  /** The creator: events are presented as they would see them, and stop when they lose access. */
  uid: string
  url: string
  /** Signal names delivered; null: all. */
  events: string[] | null
  /** Workflows whose events are delivered; null: all (and the workspace's own events). */
  process_ids: string[] | null
  phase_process_id: string | null
  phase_id: string | null
  description: string | null
  secret: string
  disabled_reason: string | null
  created: number
  updated: number | null
}

export interface WebhookDeliveriesTable {
  cid: string
  webhook_id: string
  seq: number
  attempt: number
  at: number
  status: number | null
  duration_ms: number
  error: string | null
  response: string | null
}

/** server/db/migrations/110_automations.ts: automations and their run log. */
export interface AutomationsTable {
  cid: string
  _id: string
  process_id: string
  /** The creator: actions run with their rights. */
  uid: string
  name: string
  trigger: Json<unknown>
  actions: Json<unknown>
  /** Signs the requests of call-a-webhook actions. */
  secret: string
  enabled: boolean
  created: number
  updated: number | null
}

export interface AutomationRunsTable {
  cid: string
  automation_id: string
  seq: number
  at: number
  sig: string
  activity_id: string | null
  outcome: 'ok' | 'failed' | 'skipped'
  actions: Json<unknown>
  error: string | null
  depth: number
  /** Mail the run has still to send (migration 111); null once sent. */
  mail: ColumnType<unknown[] | null, string | null | undefined, string | null>
}
