import type { Selectable } from 'kysely'
import type { ActivitiesTable } from './schema'

/** An activity as stored (one row of `activities`). */
export type ActivityRow = Selectable<ActivitiesTable>
