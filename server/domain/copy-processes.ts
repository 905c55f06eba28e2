/**
 * Copying workflows: the one path by which v2.process.copy, process.install_template,
 * v2.network.copy / publicCopy and v2.network.product.install create processes from others.
 *
 * A set of workflows is first described as a template document (`WorkflowSchema[]`, the shape of
 * templates/*.json and of v2.network.workflowTemplate), then created with `copyProcesses`, which
 * gives every process, field and phase a NEW id and rewrites every reference inside the set:
 * phasesOrder, phasesRemoved, the keys and `fields` of phases, fieldsOrder, defaultGroupByField,
 * activityTaggingPhaseIds, activitylink / linkedfrom `data`, function code and variables ... —
 * every string of the configuration or of a field descriptor that holds an old id of the set (as a
 * whole value, an object key, or inside text such as function code) gets the new one.
 *
 * References that leave the set are kept only when the copy stays in the same workspace:
 * linked process ids outside the set, personInCharge, preselectedTeam, team_ / user_ / group_
 * member entries. The workflow's key (unique per workspace) is kept only when the target workspace
 * has no workflow with that key, so never in a same-workspace copy.
 * A public form is never copied (its key is a credential); neither is createdActivities.
 */
import fs from 'node:fs'
import path from 'node:path'
import { loadFields, loadMemberEntries } from '../db/processes'
import type { ProcessFieldType, ProcessPermission, Role, DbHandle } from '../db/schema'
import { notFound } from '../errors'
import { newId, replaceIdsInText } from '../ids'
import { dict } from '../safe-keys'
import { NEW_WORKFLOW_PERMISSIONS, visibleProcessesOf } from '../policies/processes'
import type { Context } from '../context'
import { enforceQuota } from '../policies/quota'
import { tellViewers } from './process-signals'
import { audit } from './audit'

export interface FieldSchema {
  _id: string
  type: ProcessFieldType
  label: string
  [property: string]: unknown
}

/** One workflow of a template document. Ids are only labels inside the document. */
export interface WorkflowSchema {
  _id: string
  name: string
  key?: string | null
  enableUnlinkedMode?: boolean
  /** Configuration fields of process.set_info (phases, phasesOrder, fieldsOrder, ...). */
  info?: Record<string, unknown>
  fields?: FieldSchema[]
  /**
   * Member entries; `network` (or network_<any>) stands for the whole target workspace. Absent: the
   * workflow lists the whole workspace, as process.create does.
   */
  members?: { id: string; permissions?: ProcessPermission[] }[]
}

/** What is not copied from a process's configuration. */
const NOT_COPIED = ['publicForm', 'createdActivities']
/** Configuration that names people or teams of the source workspace. */
const WORKSPACE_BOUND = ['personInCharge', 'preselectedTeam']
const LINK_TYPES: string[] = ['activitylink', 'linkedfrom']

/**
 * The workflows `processIds` of workspace `cid` as template documents, in the given order, with
 * their real ids (404 when one is not a process of `cid`). `withMembers: false` keeps only the
 * workspace-wide member entry (as `network`), so no person of the workspace is named.
 */
export async function describeProcesses(db: DbHandle, cid: string, processIds: string[], options: { withMembers?: boolean } = {}): Promise<WorkflowSchema[]> {
  if (!processIds.length) return []
  const rows = await db.selectFrom('processes').selectAll().where('cid', '=', cid).where('_id', 'in', processIds).execute()
  const out: WorkflowSchema[] = []
  for (const id of processIds) {
    const p = rows.find((r) => r._id === id)
    if (!p) throw notFound('process')
    const fields = (await loadFields(db, cid, id)).map(({ uid: _u, created: _c, updated: _up, ...f }) => f as FieldSchema)
    let members = (await loadMemberEntries(db, cid, id)).map((m) => ({ id: m.id, permissions: m.permissions }))
    if (options.withMembers === false) members = members.filter((m) => m.id.startsWith('network_')).map((m) => ({ id: 'network', permissions: m.permissions }))
    const info = { ...p.info }
    for (const k of NOT_COPIED) delete info[k]
    if (options.withMembers === false) for (const k of WORKSPACE_BOUND) delete info[k]
    out.push({ _id: p._id, name: p.name, key: p.key, enableUnlinkedMode: p.dataset, info, fields, members })
  }
  return out
}

export interface CopyResult {
  /** New process ids, in the order of `schemas`. */
  processIds: string[]
  /** Old id -> new id, for every process, field and phase of the set. */
  ids: Map<string, string>
}

/**
 * Creates the workflows of `schemas` in workspace `cid` owned by `uid`, with new ids and remapped
 * references (see the head of this file). `sourceCid` is the workspace the schemas come from (null
 * for a shipped template or a marketplace product): when it is `cid`, references outside the set
 * stay. `rename` names each copy (default: the same name). Counts toward the processes and datasets
 * quotas (422) and tells those who may see each copy `process.created {_id}`.
 */
export async function copyProcesses(
  ctx: Context,
  target: { cid: string; uid: string; sourceCid: string | null; rename?: (name: string) => string },
  schemas: WorkflowSchema[],
): Promise<CopyResult> {
  const { cid, uid } = target
  const same = target.sourceCid === cid
  const datasets = schemas.filter((s) => s.enableUnlinkedMode === true).length
  if (schemas.length - datasets) await enforceQuota(ctx.db, cid, 'processes', schemas.length - datasets)
  if (datasets) await enforceQuota(ctx.db, cid, 'datasets', datasets)

  // Every id of the set gets a new one. A Map: a text that is no id (`constructor`) finds nothing in it.
  const ids = new Map<string, string>()
  for (const s of schemas) {
    ids.set(s._id, newId())
    for (const f of s.fields ?? []) ids.set(f._id, newId())
    for (const phaseId of Object.keys((s.info?.phases as object) ?? {})) ids.set(phaseId, newId())
  }
  const remap = (value: unknown): unknown => remapIds(value, ids)

  const now = Date.now()
  for (const s of schemas) {
    const _id = ids.get(s._id)!
    const info: Record<string, unknown> = { ...(s.info ?? {}) }
    for (const k of NOT_COPIED) delete info[k]
    if (!same) for (const k of WORKSPACE_BOUND) delete info[k]
    const nextInfo = remap(info) as Record<string, unknown>
    // Phases carry their own id.
    const phases = nextInfo.phases as Record<string, Record<string, unknown>> | undefined
    if (phases && typeof phases === 'object') for (const [id, phase] of Object.entries(phases)) if (phase && typeof phase === 'object') phase._id = id
    // Only references to things of the copy stay in the id lists.
    const known = (list: unknown, keep: (id: string) => boolean) => (Array.isArray(list) ? list.filter((id) => typeof id === 'string' && keep(id)) : list)
    const phaseIds = new Set(Object.keys(phases ?? {}))
    const fieldIds = new Set((s.fields ?? []).map((f) => ids.get(f._id)!))
    if (nextInfo.phasesOrder !== undefined) nextInfo.phasesOrder = known(nextInfo.phasesOrder, (id) => phaseIds.has(id))
    if (nextInfo.phasesRemoved !== undefined) nextInfo.phasesRemoved = known(nextInfo.phasesRemoved, (id) => phaseIds.has(id))
    nextInfo.fieldsOrder = known(nextInfo.fieldsOrder ?? (s.fields ?? []).map((f) => ids.get(f._id)), (id) => fieldIds.has(id))
    for (const phase of Object.values(phases ?? {})) if (phase && Array.isArray(phase.fields)) phase.fields = known(phase.fields, (id) => fieldIds.has(id))
    if (typeof nextInfo.defaultGroupByField === 'string' && !fieldIds.has(nextInfo.defaultGroupByField)) delete nextInfo.defaultGroupByField

    const name = (target.rename ? target.rename(s.name) : s.name).slice(0, 200)
    // A process key is unique per workspace: kept only when the target has no workflow with it.
    let key = same ? null : (s.key ?? null)
    if (key !== null && (await ctx.db.selectFrom('processes').select('_id').where('cid', '=', cid).where('key', '=', key).executeTakeFirst())) key = null
    await ctx.db
      .insertInto('processes')
      .values({ cid, _id, uid, name, key, dataset: s.enableUnlinkedMode === true, info: JSON.stringify(nextInfo), created: now, updated: null })
      .execute()
    await audit(ctx, { cid, kind: 'workflow.create', targetId: _id, after: { name, dataset: s.enableUnlinkedMode === true, copiedFrom: s._id } })

    for (const f of s.fields ?? []) {
      const { _id: oldId, type, uid: _u, created: _c, updated: _up, ...rest } = f
      const descriptor = remap(rest) as Record<string, unknown>
      if (LINK_TYPES.includes(type) && descriptor.data !== undefined) {
        const linked = (Array.isArray(descriptor.data) ? descriptor.data : [descriptor.data]) as string[]
        // Inside the set: already remapped. Outside: kept only in the same workspace.
        const copies = new Set(ids.values())
        descriptor.data = linked.filter((id) => copies.has(id) || same)
      }
      await ctx.db
        .insertInto('process_fields')
        .values({ cid, _id: ids.get(oldId)!, process_id: _id, type, descriptor: JSON.stringify(descriptor), uid, created: now, updated: null })
        .execute()
    }

    const entries = new Map<string, ProcessPermission[]>()
    for (const m of s.members ?? [{ id: 'network', permissions: [...NEW_WORKFLOW_PERMISSIONS] }]) {
      if (m.id === 'network' || m.id.startsWith('network_')) entries.set(`network_${cid}`, m.permissions ?? [])
      else if (same) entries.set(m.id, m.permissions ?? [])
    }
    if (entries.size) {
      await ctx.db
        .insertInto('process_members')
        .values([...entries].map(([member_id, permissions]) => ({ cid, process_id: _id, member_id, permissions: JSON.stringify(permissions), created: now })))
        .execute()
    }
    await tellViewers(ctx, { cid, _id }, { sig: 'process.created', meta: { _id } })
  }
  return { processIds: schemas.map((s) => ids.get(s._id)!), ids }
}

/**
 * A deep copy of `value` where every old id (whole string, object key, or inside a string) is
 * replaced by its new one. The copied objects have no prototype: a key of the configuration is
 * set as given, whatever its name (server/safe-keys.ts).
 */
function remapIds(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? replaceIdsInText(value, (id) => ids.get(id))
  if (Array.isArray(value)) return value.map((v) => remapIds(v, ids))
  if (value && typeof value === 'object') {
    const out = dict()
    for (const [k, v] of Object.entries(value)) out[ids.get(k) ?? k] = remapIds(v, ids)
    return out
  }
  return value
}

/** A template document: templates/*.json, v2.network.workflowTemplate, a marketplace product version. */
export interface TemplateDocument {
  _id: string
  title: string
  description: string
  schemas: WorkflowSchema[]
}

const TEMPLATE_DIR = path.join(__dirname, '..', '..', 'templates')
let shipped: TemplateDocument[] | null = null

/** The templates shipped in templates/*.json (stable ids, in the files), by title. Read once. */
export function shippedTemplates(): TemplateDocument[] {
  if (!shipped) {
    const files = fs.existsSync(TEMPLATE_DIR) ? fs.readdirSync(TEMPLATE_DIR).filter((f) => f.endsWith('.json')) : []
    shipped = files
      .map((f) => JSON.parse(fs.readFileSync(path.join(TEMPLATE_DIR, f), 'utf8')) as TemplateDocument)
      .sort((a, b) => a.title.localeCompare(b.title))
  }
  return shipped
}

/**
 * The workflows of workspace `cid` that `caller` can see, as a template document
 * `{_id: cid, title: its name, description: settings.description, schemas}` without people or teams
 * (describeProcesses withMembers false). v2.network.workflowTemplate and product versions.
 */
export async function workspaceTemplate(db: DbHandle, cid: string, caller: { uid: string; role: Role }): Promise<TemplateDocument> {
  const ws = await db.selectFrom('workspaces').select(['name', 'settings']).where('_id', '=', cid).executeTakeFirst()
  if (!ws) throw notFound('workspace')
  const visible = (await visibleProcessesOf(db, cid, caller)).map((v) => v.process._id)
  return {
    _id: cid,
    title: ws.name,
    description: typeof ws.settings.description === 'string' ? ws.settings.description : '',
    schemas: await describeProcesses(db, cid, visible, { withMembers: false }),
  }
}
