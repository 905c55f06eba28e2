/** Insights as stored: the row, and the shape of its filters (what they mean: server/domain/insights.ts). */
import type { Selectable } from 'kysely'
import type { InsightsTable } from './schema'

export type InsightRow = Selectable<InsightsTable>

const OPS = ['eq', 'ne', 'contains', 'empty', 'notEmpty', 'gt', 'gte', 'lt', 'lte'] as const
type Op = (typeof OPS)[number]

export interface Condition {
  field: string
  op: Op
  value?: unknown
}
export interface Filters {
  phases?: string[]
  where?: Condition[]
}
