/** Migrations are listed here, in order; they run at start, each once. */
import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import * as foundation from './migrations/001_foundation'
import * as people from './migrations/002_people'
import * as processes from './migrations/003_processes'
import * as publicForms from './migrations/004_public_forms'
import * as products from './migrations/005_products'
import * as activities from './migrations/006_activities'
import * as files from './migrations/010_files'
import * as calendars from './migrations/011_calendars'
import * as functions from './migrations/020_functions'
import * as functionRuns from './migrations/021_function_runs'
import * as eventLog from './migrations/030_event_log'
import * as rateLimits from './migrations/031_rate_limits'
import * as idempotencyText from './migrations/032_idempotency_text'
import * as wall from './migrations/040_wall'
import * as keys from './migrations/050_keys'
import * as ssoBindings from './migrations/055_sso_bindings'
import * as transfers from './migrations/070_transfers'
import * as phaseIds from './migrations/080_phase_ids'
import * as activityList from './migrations/094_activity_list'
import * as webhooks from './migrations/100_webhooks'
import * as auditLog from './migrations/105_audit_log'
import * as automations from './migrations/110_automations'
import * as automationRunMail from './migrations/111_automation_run_mail'
import * as functionStateOrigin from './migrations/112_function_state_origin'
import * as webhookTestTopic from './migrations/114_webhook_test_topic'
import * as gaplessSeq from './migrations/120_gapless_seq'
import * as activityListAnyPhase from './migrations/121_activity_list_any_phase'

const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_people': people,
  '003_processes': processes,
  '004_public_forms': publicForms,
  '005_products': products,
  '006_activities': activities,
  '010_files': files,
  '011_calendars': calendars,
  '020_functions': functions,
  '021_function_runs': functionRuns,
  '030_event_log': eventLog,
  '031_rate_limits': rateLimits,
  '032_idempotency_text': idempotencyText,
  '040_wall': wall,
  '050_keys': keys,
  '055_sso_bindings': ssoBindings,
  '070_transfers': transfers,
  '080_phase_ids': phaseIds,
  '094_activity_list': activityList,
  '100_webhooks': webhooks,
  '105_audit_log': auditLog,
  '110_automations': automations,
  '111_automation_run_mail': automationRunMail,
  '112_function_state_origin': functionStateOrigin,
  '114_webhook_test_topic': webhookTestTopic,
  '120_gapless_seq': gaplessSeq,
  '121_activity_list_any_phase': activityListAnyPhase,
}

/** Whether a migration of the list has not run yet: one query, where the migrator takes several with a lock. */
async function anyPending(db: Kysely<any>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    const done = new Set(rows.map((r) => r.name))
    return Object.keys(migrations).some((name) => !done.has(name))
  } catch {
    return true // a new database: no migration table yet
  }
}

export async function migrate(db: Kysely<any>): Promise<void> {
  // Every start runs this; on a database that is up to date it costs one query.
  if (!(await anyPending(db))) return
  // Capabilities are numbered in ranges of their own (010 files, 040 wall, 070 transfers ...): a later
  // range may exist before an earlier number is added, so migrations run by name, each once.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
}
