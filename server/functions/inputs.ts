/**
 * The activities one propagation reads, loaded once each, and the `dep` object of a function built
 * from them. Values written during the propagation go into the same rows, so a later function in
 * dependency order reads them.
 *
 * What a variable gives (functionVariables, see ./graph.ts):
 *   '=' [fieldId] the stored value or null; ['data'] the metadata object
 *       {_id, name, process, phase, created, updated, completed, processName, phaseName, sequence}
 *       (['data', key] one property); ['_id'] the id
 *   '>' [link, fieldId] the value on the first activity the link names, or null (also when that
 *       activity is removed); [link, workflowId, 'data', key?] its metadata
 *   '<' [workflowId, fieldId] an array: the value on each active activity of that workflow linking
 *       here, ordered by (created, _id), one entry per activity; [workflowId, 'data', key?] metadata
 *   '?' [workflowId, value] the value (a constant)
 *   a stacked variable (a list of dependencies) gives the list of their values.
 * Values are the stored forms: an activitylink or users value is its list of ids.
 */
import { sql } from 'kysely'
import type { DbHandle } from '../db/schema'
import type { ActivityRow } from '../db/activities'
import { anyOf } from '../db/rows'
import { dependenciesOf, type Dependency, type FunctionNode, type WorkflowDef } from './graph'
import { dict, own } from '../safe-keys'

export class Snapshot {
  readonly rows = new Map<string, ActivityRow>()
  /**
   * Each loaded row's version as read (PostgreSQL's `xmin`: it changes with every write of the
   * row), so a write of computed values can tell whether an input changed since (./recompute.ts).
   */
  readonly versions = new Map<string, string>()
  private linkersCache = new Map<string, string[]>()
  private targetsCache = new Map<string, string[]>()
  /** Activities whose links both ways are all in the caches (an absent entry means none). */
  private linksLoaded = new Set<string>()
  private phaseNames = new Map<string, Map<string, string>>()
  private workflowNames = new Map<string, string>()

  constructor(
    readonly db: DbHandle,
    readonly cid: string,
    workflows: WorkflowDef[],
  ) {
    for (const w of workflows) {
      this.workflowNames.set(w._id, w.name)
      const phases = (w.info?.phases as Record<string, { name?: string }>) ?? {}
      this.phaseNames.set(w._id, new Map(Object.entries(phases).map(([pid, p]) => [pid, String(p?.name ?? '')])))
    }
  }

  /** Loads the rows not loaded yet (removed ones too: a removal is read as "not there"). */
  async load(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.rows.has(id))
    if (!missing.length) return
    const rows = await this.db
      .selectFrom('activities')
      .selectAll()
      .select(sql<string>`xmin::text`.as('version'))
      .where('cid', '=', this.cid)
      .where('_id', '=', anyOf(missing))
      .execute()
    for (const { version, ...r } of rows) {
      this.rows.set(r._id, r)
      this.versions.set(r._id, version)
    }
  }

  active(id: string | undefined): ActivityRow | undefined {
    const row = id ? this.rows.get(id) : undefined
    return row && !row.removed ? row : undefined
  }

  /**
   * The links into and out of these activities, in two queries run together whatever their number
   * (a write of many activities would otherwise ask once per activity).
   */
  async loadLinks(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.linksLoaded.has(id))
    if (!missing.length) return
    const links = (end: 'from_id' | 'to_id') =>
      this.db.selectFrom('activity_links').select(['from_id', 'to_id', 'field_id']).where('cid', '=', this.cid).where(end, '=', anyOf(missing)).execute()
    const [into, out] = await Promise.all([links('to_id'), links('from_id')])
    const add = (cache: Map<string, string[]>, key: string, id: string) => {
      const list = cache.get(key) ?? []
      if (!list.includes(id)) list.push(id)
      cache.set(key, list)
    }
    for (const r of into) {
      add(this.linkersCache, `${r.to_id}/*`, r.from_id)
      add(this.linkersCache, `${r.to_id}/${r.field_id}`, r.from_id)
    }
    for (const r of out) {
      add(this.targetsCache, `${r.from_id}/*`, r.to_id)
      add(this.targetsCache, `${r.from_id}/${r.field_id}`, r.to_id)
    }
    for (const id of missing) this.linksLoaded.add(id)
  }

  /** Active activities whose link (through `fieldId`, or any link field) names `targetId`, in (created, _id) order. */
  async linkers(targetId: string, fieldId?: string): Promise<ActivityRow[]> {
    const key = `${targetId}/${fieldId ?? '*'}`
    let ids = this.linkersCache.get(key) ?? (this.linksLoaded.has(targetId) ? [] : undefined)
    if (!ids) {
      let q = this.db.selectFrom('activity_links').select('from_id').distinct().where('cid', '=', this.cid).where('to_id', '=', targetId)
      if (fieldId) q = q.where('field_id', '=', fieldId)
      ids = (await q.execute()).map((r) => r.from_id)
      this.linkersCache.set(key, ids)
    }
    await this.load(ids)
    return ids
      .map((id) => this.active(id))
      .filter((r): r is ActivityRow => !!r)
      .sort((a, b) => Number(a.created) - Number(b.created) || (a._id < b._id ? -1 : 1))
  }

  /** The activities `fromId` links to now (through `fieldId`, or any link field). */
  async targets(fromId: string, fieldId?: string): Promise<string[]> {
    if (this.linksLoaded.has(fromId)) return this.targetsCache.get(`${fromId}/${fieldId ?? '*'}`) ?? []
    let q = this.db.selectFrom('activity_links').select('to_id').distinct().where('cid', '=', this.cid).where('from_id', '=', fromId)
    if (fieldId) q = q.where('field_id', '=', fieldId)
    return (await q.execute()).map((r) => r.to_id)
  }

  metadata(row: ActivityRow): Record<string, unknown> {
    return {
      _id: row._id,
      name: row.name,
      process: row.process_id,
      phase: row.current_phase,
      created: Number(row.created),
      updated: row.updated === null ? null : Number(row.updated),
      completed: null,
      processName: this.workflowNames.get(row.process_id) ?? null,
      phaseName: this.phaseNames.get(row.process_id)?.get(row.current_phase) ?? null,
      sequence: row.sequence === null ? null : Number(row.sequence),
    }
  }

  /** A variable's path names a field or a metadata key in the caller's words: only own keys are read. */
  private read(row: ActivityRow, path: string[]): unknown {
    if (path[0] === 'data') return path[1] === undefined ? this.metadata(row) : (own(this.metadata(row), path[1]) ?? null)
    if (path[0] === '_id') return row._id
    return own(row.fields as Record<string, unknown>, path[0]) ?? null
  }

  private async value(row: ActivityRow, { type, data }: Dependency, reads: Set<string>): Promise<unknown> {
    if (type === '=') return this.read(row, data)
    if (type === '?') return data[1] ?? data[0]
    if (type === '>') {
      const link = own(row.fields as Record<string, unknown>, data[0])
      const targetId = Array.isArray(link) ? (link[0] as string) : undefined
      if (targetId) {
        await this.load([targetId])
        reads.add(targetId)
      }
      const target = this.active(targetId)
      if (!target) return null
      return data[2] === 'data' ? this.read(target, data.slice(2)) : this.read(target, [data[1]])
    }
    const linkers = (await this.linkers(row._id)).filter((r) => r.process_id === data[0])
    for (const r of linkers) reads.add(r._id)
    return linkers.map((r) => this.read(r, data[1] === undefined ? ['data'] : data.slice(1)))
  }

  /**
   * The `dep` of a function for one activity, keyed by its variables' names (any text); `reads` gets
   * the id of every activity read for it (its own too).
   */
  async dep(row: ActivityRow, fn: FunctionNode, reads = new Set<string>()): Promise<Record<string, unknown>> {
    reads.add(row._id)
    const dep = dict()
    for (const [name, deps] of Object.entries(fn.variables)) {
      const values = []
      for (const d of dependenciesOf(deps)) values.push(await this.value(row, d, reads))
      dep[name] = deps.length === 1 ? values[0] : values
    }
    return dep
  }
}
