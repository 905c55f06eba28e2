/** Migrations are listed here, in order; they run at start, each once. */
import { type Kysely, type Migration, Migrator } from 'kysely'
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
import * as transfers from './migrations/070_transfers'

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
  '070_transfers': transfers,
}

export async function migrate(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
}
