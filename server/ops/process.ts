/**
 * Workflows and datasets: process.create, set_info, remove, get_next_prefix_id, list. Fields are in
 * process/fields.ts. Who may do what: server/policies/processes.ts.
 *
 * Signals on workspace:<cid>, ids only: `process.created {_id}`, `process.updated {_id, changed}`,
 * `process.removed {_id}`.
 */
import { loadFields, loadProcessesOf } from '../db/processes'
import type { ProcessRow } from '../db/processes'
import { processObject } from '../presenters/process'
import type { ProcessesTable } from '../db/schema'
import { checkProcessReferences } from '../domain/process-references'
import { checkPhaseIdsFree, phaseIdTaken } from '../domain/phase-ids'
import { enforceQuota } from '../policies/quota'
import { conflict, forbidden, notFound, refused } from '../errors'
import { newId, isObjectId } from '../ids'
import { dictOf, own } from '../safe-keys'
import { accessToAll, canCreateActivity, loadProcessAccess, NEW_WORKFLOW_PERMISSIONS, requireAdminister, processViewers } from '../policies/processes'
import { loadMember, workspaceOf } from '../policies/roles'
import { invalidOf, type Context, type Invalid } from '../context'
import { operation } from '../rpc/operation'
import { tellViewers } from '../domain/process-signals'
import { audit } from '../domain/audit'
import { checkFunctionInput, checkSavedConfiguration, NAME } from '../functions'
import { recomputeFunction } from '../domain/function-values'
import { requireFresh } from '../domain/preconditions'
import { syncPhaseWebhooks } from '../consumers/subscriptions'

/**
 * A workflow, or a dataset with enableUnlinkedMode, in `workspaceId` (default the current workspace).
 * It lists network_<cid> as its member, so every member of the workspace sees it and edits what
 * they add (NEW_WORKFLOW_PERMISSIONS). Returns the
 * process object of v2.process.get.
 */
export const create = operation({
  name: 'process.create',
  access: 'member',
  capability: 'processes.create',
  workspace: (_caller, options) => options?.workspaceId,
  async run(ctx, options = {}) {
    const { cid } = ctx
    const dataset = options.enableUnlinkedMode === true
    await enforceQuota(ctx.db, cid, dataset ? 'datasets' : 'processes')
    const { name, workspaceId: _ws, enableUnlinkedMode: _u, ...info } = options
    const _id = newId()
    const now = Date.now()
    await ctx.db
      .insertInto('processes')
      .values({
        cid,
        _id,
        uid: ctx.session.uid,
        name: name?.trim() || (dataset ? 'New dataset' : 'New workflow'),
        key: null,
        dataset,
        info: JSON.stringify(info),
        created: now,
        updated: null,
      })
      .execute()
    await ctx.db
      .insertInto('process_members')
      .values({ cid, process_id: _id, member_id: `network_${cid}`, permissions: JSON.stringify(NEW_WORKFLOW_PERMISSIONS), created: now })
      .execute()
    await audit(ctx, {
      cid,
      kind: 'workflow.create',
      targetId: _id,
      after: { name: name?.trim() || (dataset ? 'New dataset' : 'New workflow'), dataset, ...info },
    })
    await tellViewers(ctx, { cid, _id }, { sig: 'process.created', meta: { _id } })
    const { process } = await loadProcessAccess(ctx.db, ctx.session, _id)
    return processObject(ctx.db, process, ctx.session.uid)
  },
})

/** Text settings that `lang` puts under translations[lang] instead of the base value. */
const TRANSLATED = [
  'createNewLabel',
  'description',
  'name',
  'nameColumnText',
  'nameFieldPlaceHolderText',
  'ownerTeamFieldTitle',
  'personInChargeLabel',
  'predefinedNamePrefix',
  'initPhaseDescription',
]

/** Configuration fields set_info does not take: they have operations of their own or are counted. */
const NOT_SETTABLE: Record<string, string> = {
  members: 'use v2.process.member.add / remove and v2.process.permissions.grant / deny',
  createdActivities: 'counted by the server',
}

/**
 * Sets configuration fields (docs/reference/interface.md "Process"); with `lang`, the text settings given go
 * to translations[lang]. `phases` is merged by phase id (a phase given as null is deleted); a new
 * phase's id must not be another workflow's (409, server/domain/phase-ids.ts); phasesOrder,
 * phasesRemoved and fieldsOrder must name existing phases and fields (422). `expect` holds settings
 * as read (v2.process.get), phases compared one by one: 409 when one no longer holds
 * (domain/preconditions.ts). Administrators only.
 */
export const setInfo = operation({
  name: 'process.set_info',
  access: 'signedIn',
  async run(ctx, processId, info, lang) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
    const viewersBefore = await processViewers(ctx.db, process)
    requireAdminister(access, 'change the settings')
    const { expect, ...given } = info
    await requireFresh(expect, () => processObject(ctx.db, process, ctx.session.uid), { processId: process._id }, { maps: ['phases'] })
    for (const key of Object.keys(given))
      if (Object.hasOwn(NOT_SETTABLE, key)) throw refused(`${key} cannot be set with process.set_info: ${NOT_SETTABLE[key]}`, { argument: 1, path: `/${key}` })
    await checkProcessReferences(ctx.db, process.cid, process._id, given, 1)
    const next: Record<string, unknown> = { ...process.info }
    const change: Partial<Record<keyof ProcessesTable, unknown>> = {}
    const { name, key, enableUnlinkedMode, phases, translations, ...rest } = given as Record<string, any>
    const translated: Record<string, unknown> = {}
    for (const [k, v] of Object.entries({ name, ...rest })) {
      if (v === undefined) continue
      if (lang && TRANSLATED.includes(k)) translated[k] = v
      else if (k === 'name') {
        if (!(v as string).trim()) throw ctx.invalid(1, '/name', 'must not be blank')
        change.name = (v as string).trim()
      } else next[k] = v
    }
    if (translations !== undefined || Object.keys(translated).length) {
      const merged = dictOf<Record<string, unknown>>(next.translations)
      for (const [l, t] of Object.entries((translations as Record<string, Record<string, unknown>>) ?? {})) merged[l] = { ...own(merged, l), ...t }
      if (lang) merged[lang] = { ...own(merged, lang), ...translated }
      next.translations = merged
    }
    if (phases !== undefined) {
      next.phases = mergePhases(process.info.phases, phases, invalidOf(ctx, 1))
      const added = Object.keys(next.phases as object).filter((id) => !Object.hasOwn((process.info.phases as object) ?? {}, id))
      await checkPhaseIdsFree(ctx.db, process.cid, process._id, added, 1)
      // A phase with webhooksEnabled and a webhookUrl posts when an activity enters it (docs/guides/webhooks.md).
      await syncPhaseWebhooks(ctx.db, process, next.phases, ctx.session.uid, invalidOf(ctx, 1))
    }
    await checkReferences(ctx, process, next)
    await checkFunctionInput(ctx, process.cid, 1, given, {
      code: 'nameFunction',
      enabled: 'nameFunctionEnabled',
      variables: 'nameFunctionVariables',
    })
    if (key !== undefined) {
      const taken = await ctx.db
        .selectFrom('processes')
        .select('_id')
        .where('cid', '=', process.cid)
        .where('key', '=', key)
        .where('_id', '!=', process._id)
        .executeTakeFirst()
      if (taken) throw conflict('another process of this workspace has that key', { argument: 1, path: '/key' })
      change.key = key
    }
    if (enableUnlinkedMode !== undefined && enableUnlinkedMode !== process.dataset) {
      await enforceQuota(ctx.db, process.cid, enableUnlinkedMode ? 'datasets' : 'processes')
      change.dataset = enableUnlinkedMode
    }
    await ctx.db
      .updateTable('processes')
      .set({ ...(change as object), info: JSON.stringify(next), updated: Date.now() })
      .where('cid', '=', process.cid)
      .where('_id', '=', process._id)
      .execute()
      .catch((err) => {
        throw phaseIdTaken(err, 1) ?? err
      })
    await auditSettings(ctx, process, next, change, Object.keys(given), lang)
    if (next.nameFunctionEnabled === true && typeof next.nameFunction === 'string' && next.nameFunction.trim()) {
      await checkSavedConfiguration(ctx.db, process.cid, process._id, NAME, next.nameFunctionVariables as Record<string, unknown>)
      if (['nameFunction', 'nameFunctionEnabled', 'nameFunctionVariables'].some((k) => k in given)) await recomputeFunction(ctx, process.cid, process._id, NAME)
    }
    await tellViewers(ctx, process, { sig: 'process.updated', meta: { _id: process._id, changed: Object.keys(given) } }, viewersBefore)
    return true
  },
})

/**
 * The audit entries of a set_info: one workflow.update with the settings given (as they were and as
 * they are), and one entry per phase added, changed or deleted.
 */
async function auditSettings(
  ctx: Context,
  process: ProcessRow,
  next: Record<string, unknown>,
  change: Partial<Record<keyof ProcessesTable, unknown>>,
  given: string[],
  lang?: string,
) {
  const columns = (p: { name: unknown; key: unknown; dataset: unknown }) => ({ name: p.name, key: p.key, enableUnlinkedMode: p.dataset })
  const was: Record<string, unknown> = { ...process.info, ...columns(process) }
  const is: Record<string, unknown> = { ...next, ...columns({ ...process, ...change }) }
  const keys = given.filter((k) => k !== 'phases')
  if (lang && !keys.includes('translations')) keys.push('translations')
  const pick = (o: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, own(o, k) ?? null]))
  if (given.some((k) => k !== 'phases'))
    await audit(ctx, { cid: process.cid, kind: 'workflow.update', targetId: process._id, before: pick(was), after: pick(is) })
  const before = dictOf(process.info.phases)
  const after = dictOf(next.phases)
  for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [own(before, id), own(after, id)]
    if (JSON.stringify(b) === JSON.stringify(a)) continue
    const kind = b === undefined ? 'phase.create' : a === undefined ? 'phase.remove' : 'phase.update'
    await audit(ctx, { cid: process.cid, kind, targetId: id, before: b ?? null, after: a ?? null })
  }
}

function mergePhases(current: unknown, given: Record<string, unknown>, invalidInfo: Invalid): Record<string, unknown> {
  const phases = dictOf(current)
  for (const [id, phase] of Object.entries(given)) {
    if (!isObjectId(id)) throw invalidInfo(`/phases/${id}`, 'must be keyed by a phase id (24 hex characters)')
    if (phase === null) delete phases[id]
    else if (typeof phase !== 'object' || Array.isArray(phase)) throw invalidInfo(`/phases/${id}`, 'must be an object or null')
    else {
      const fields = (phase as { fields?: unknown }).fields
      if (fields !== undefined && (!Array.isArray(fields) || fields.some((f) => !isObjectId(f))))
        throw invalidInfo(`/phases/${id}/fields`, 'must be a list of field ids')
      phases[id] = { ...(own(phases, id) as object), ...phase, _id: id }
    }
  }
  return phases
}

/** 422 when phasesOrder, phasesRemoved, fieldsOrder or a phase's fields name something the workflow lacks. */
async function checkReferences(ctx: Context, process: ProcessRow, info: Record<string, unknown>) {
  const phases = Object.keys((info.phases as object) ?? {})
  const fieldIds = (await loadFields(ctx.db, process.cid, process._id)).map((f) => f._id)
  const check = (path: string, ids: unknown, known: string[], what: string) => {
    if (!Array.isArray(ids)) return
    const missing = ids.filter((id) => !known.includes(id))
    if (missing.length) throw refused(`${path} names ${what} this workflow does not have`, { argument: 1, path, missing })
    if (new Set(ids).size !== ids.length) throw ctx.invalid(1, path, 'must not repeat an id')
  }
  check('/phasesOrder', info.phasesOrder, phases, 'phases')
  check('/phasesRemoved', info.phasesRemoved, phases, 'phases')
  check('/fieldsOrder', info.fieldsOrder, fieldIds, 'fields')
  for (const [id, phase] of Object.entries((info.phases as Record<string, { fields?: string[] }>) ?? {}))
    check(`/phases/${id}/fields`, phase.fields, fieldIds, 'fields')
}

/** The workflow with its fields, members and stars goes. Administrators only. */
export const remove = operation({
  name: 'process.remove',
  access: 'signedIn',
  async run(ctx, processId) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId)
    requireAdminister(access, 'remove this workflow')
    const viewers = await processViewers(ctx.db, process)
    await ctx.db.deleteFrom('processes').where('cid', '=', process.cid).where('_id', '=', process._id).execute()
    // Its phases' webhooks go with it.
    await syncPhaseWebhooks(ctx.db, process, null, ctx.session.uid, invalidOf(ctx, 0))
    await audit(ctx, { cid: process.cid, kind: 'workflow.remove', targetId: process._id, before: { name: process.name, dataset: process.dataset } })
    await tellViewers(ctx, process, { sig: 'process.removed', meta: { _id: process._id } }, viewers)
    return true
  },
})

/**
 * Hands out the next suffix for a predefined name (predefinedNamePrefix): each call reserves one, so
 * two callers never get the same. Anyone who may create activities in the workflow.
 */
export const getNextPrefixId = operation({
  name: 'process.get_next_prefix_id',
  access: 'signedIn',
  async run(ctx, processId) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId)
    if (!canCreateActivity(access)) throw forbidden('you may not create activities in this workflow')
    const row = await ctx.db
      .updateTable('processes')
      .set((eb) => ({ prefix_suffix: eb('prefix_suffix', '+', 1) }))
      .where('cid', '=', process.cid)
      .where('_id', '=', process._id)
      .returning('prefix_suffix')
      .executeTakeFirstOrThrow()
    return { latestSuffix: Number(row.prefix_suffix) }
  },
})

/**
 * The workflows the caller can see, each with its phases and, per phase, its required and other
 * fields. Arguments: nothing (the current workspace), a process id (and optionally a phase id), a
 * process key (and optionally the workspace id, default the current one), or null and a phase id.
 */
export const list = operation({
  name: 'process.list',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, processIdOrKey, phaseIdOrWorkspaceId) {
    const byKey = typeof processIdOrKey === 'string' && !isObjectId(processIdOrKey)
    let cid: string
    if (typeof processIdOrKey === 'string' && !byKey) {
      const { process } = await loadProcessAccess(ctx.db, ctx.session, processIdOrKey)
      cid = process.cid
    } else {
      cid = await workspaceOf(ctx.db, ctx.session, byKey ? phaseIdOrWorkspaceId : undefined)
    }
    const member = await loadMember(ctx.db, cid, ctx.session)
    let processes = await loadProcessesOf(ctx.db, cid)
    if (typeof processIdOrKey === 'string') processes = processes.filter((p) => (byKey ? p.key === processIdOrKey : p._id === processIdOrKey))
    const access = await accessToAll(ctx.db, cid, { uid: member.uid, role: member.role }, processes)
    processes = processes.filter((p) => access.get(p._id)?.see)
    if (byKey && !processes.length) throw notFound('process')
    const phaseFilter = byKey ? undefined : (phaseIdOrWorkspaceId ?? undefined)
    const out = []
    for (const p of processes) {
      const phases = (p.info.phases as Record<string, { name?: string; fields?: string[] }>) ?? {}
      if (phaseFilter && !own(phases, phaseFilter)) continue
      const fields = await loadFields(ctx.db, cid, p._id)
      const order = orderedPhases(p.info, phases)
      const describe = (id: string) => {
        const shown = phases[id].fields ?? fields.map((f) => f._id)
        const inPhase = fields.filter((f) => shown.includes(f._id))
        return {
          _id: id,
          name: phases[id].name ?? null,
          requiredFields: inPhase.filter((f) => f.required === true).map((f) => f._id),
          fields: inPhase.filter((f) => f.required !== true).map((f) => f._id),
        }
      }
      out.push({
        _id: p._id,
        cid,
        name: p.name,
        key: p.key,
        enableUnlinkedMode: p.dataset,
        phasesOrder: (p.info.phasesOrder as string[]) ?? [],
        phases: (phaseFilter ? [phaseFilter] : order).map(describe),
      })
    }
    return out
  },
})

/** phasesOrder first, then the other phases that are not removed. */
function orderedPhases(info: Record<string, unknown>, phases: Record<string, unknown>): string[] {
  const order = ((info.phasesOrder as string[]) ?? []).filter((id) => own(phases, id))
  const removed = new Set((info.phasesRemoved as string[]) ?? [])
  return [...order, ...Object.keys(phases).filter((id) => !order.includes(id) && !removed.has(id))]
}
