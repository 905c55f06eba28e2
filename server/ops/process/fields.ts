/**
 * Typed fields of a workflow: process.create_field, update_field, remove_field. Administrators of
 * the workflow only (server/policies/processes.ts). fieldsOrder follows: a new field is appended, a
 * removed one leaves fieldsOrder and every phase's `fields`.
 *
 * Signals on workspace:<cid>: `process.field.created|updated|removed {processId, _id}`.
 */
import { loadField, unknownProcesses, type FieldRecord, type ProcessRow } from '../../db/processes'
import type { ProcessFieldType } from '../../db/schema'
import { sql } from 'kysely'
import { conflict, refused } from '../../errors'
import { isObjectId, newId } from '../../ids'
import { dictOf, own } from '../../safe-keys'
import { loadProcessAccess, requireAdminister } from '../../policies/processes'
import type { Context } from '../../context'
import { operation } from '../../rpc/operation'
import { tellViewers } from '../../domain/process-signals'
import { audit } from '../../domain/audit'
import { checkFunctionInput, checkSavedConfiguration, isFunctionField } from '../../functions'
import { recomputeFunction } from '../../domain/function-values'
import { requireFresh } from '../../domain/preconditions'

/** Where a field descriptor keeps its function (process.set_info uses the name function's keys). */
const FUNCTION_KEYS = { code: 'function', enabled: 'functionEnabled', variables: 'functionVariables' }
/** Changing one of these evaluates the function again on every activity (also a type change of the result). */
const FUNCTION_DEFINITION = ['function', 'functionEnabled', 'functionVariables', 'data']

type Descriptor = Record<string, unknown> & { label?: string; type?: ProcessFieldType }

const UNIT_TYPES: ProcessFieldType[] = ['numericunit', 'textunit']
const NUMERIC_TYPES: ProcessFieldType[] = ['numeric', 'numericunit']
const LINK_TYPES: ProcessFieldType[] = ['activitylink', 'linkedfrom']
/** Text properties that `lang` puts under the field's translations[lang]. */
const TRANSLATED = ['label', 'placeholder', 'description', 'unit']

/**
 * 400 (naming the property) when a descriptor does not fit its type; 422 when linked processes are
 * not workflows of the workspace.
 */
async function validate(ctx: Context, cid: string, type: ProcessFieldType, d: Descriptor, argument: number) {
  const invalid = (path: string, reason: string) => ctx.invalid(argument, path, `${reason} for a ${type} field`, { type })
  if (d.label !== undefined && !d.label.trim()) throw invalid('/label', 'must not be blank')
  if (d.inviteToDiscussionOnChange === true && type !== 'users') throw invalid('/inviteToDiscussionOnChange', 'is only for users fields')
  if (d.unit !== undefined && !UNIT_TYPES.includes(type)) throw invalid('/unit', `is only for ${UNIT_TYPES.join(' and ')} fields`)
  if (d.collapsedByDefault !== undefined && type !== 'subheader') throw invalid('/collapsedByDefault', 'is only for subheader fields')
  if (typeof d.defaultValue === 'string' && d.defaultValue !== '' && NUMERIC_TYPES.includes(type) && !Number.isFinite(Number(d.defaultValue)))
    throw invalid('/defaultValue', 'must be a number')
  if (d.data === undefined) {
    if (type === 'textpredefinedoptions') throw invalid('/data', 'must list the options')
    if (LINK_TYPES.includes(type)) throw invalid('/data', 'must name the linked process ids')
    return
  }
  if (type === 'textpredefinedoptions') {
    if (!Array.isArray(d.data) || !d.data.length) throw invalid('/data', 'must be a non-empty list of options')
    if (new Set(d.data).size !== d.data.length) throw invalid('/data', 'must not repeat an option')
  } else if (LINK_TYPES.includes(type)) {
    const ids = Array.isArray(d.data) ? (d.data as string[]) : [d.data as string]
    if (!ids.length || ids.some((id) => !isObjectId(id))) throw invalid('/data', 'must be a process id or a list of process ids')
    const missing = await unknownProcesses(ctx.db, cid, [...new Set(ids)])
    if (missing.length) throw refused('data names processes that are not in this workspace', { argument, path: '/data', missing })
  } else {
    throw invalid('/data', 'is only for textpredefinedoptions, activitylink and linkedfrom fields')
  }
}

async function checkKey(ctx: Context, process: ProcessRow, key: unknown, fieldId?: string) {
  if (key === undefined) return
  const other = await ctx.db
    .selectFrom('process_fields')
    .select('_id')
    .where('cid', '=', process.cid)
    .where('process_id', '=', process._id)
    .where(sql<string>`descriptor->>'key'`, '=', key as string)
    .where('_id', '!=', fieldId ?? '')
    .executeTakeFirst()
  if (other) throw conflict('another field of this workflow has that key', { path: '/key' })
}

/** Returns the descriptor with _id, uid and created. */
export const createField = operation({
  name: 'process.create_field',
  access: 'signedIn',
  async run(ctx, processId, field) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
    requireAdminister(access, 'add fields')
    const { type, ...descriptor } = field as Descriptor & { type: ProcessFieldType }
    descriptor.label = (descriptor.label as string).trim()
    await validate(ctx, process.cid, type, descriptor, 1)
    await checkFunctionInput(ctx, process.cid, 1, descriptor, FUNCTION_KEYS)
    await checkKey(ctx, process, descriptor.key)
    const _id = newId()
    const created = Date.now()
    await ctx.db
      .insertInto('process_fields')
      .values({ cid: process.cid, _id, process_id: process._id, type, descriptor: JSON.stringify(descriptor), uid: ctx.session.uid, created, updated: null })
      .execute()
    await setFieldsOrder(ctx, process, [...fieldsOrder(process).filter((id) => id !== _id), _id])
    await audit(ctx, { cid: process.cid, kind: 'field.create', targetId: _id, after: { processId: process._id, type, ...descriptor } })
    if (isFunctionField(descriptor)) {
      await checkSavedConfiguration(ctx.db, process.cid, process._id, _id, descriptor.functionVariables as Record<string, unknown>)
      await recomputeFunction(ctx, process.cid, process._id, _id)
    }
    await tellViewers(ctx, process, { sig: 'process.field.created', meta: { processId: process._id, _id } })
    return { ...descriptor, type, _id, uid: ctx.session.uid, created } as FieldRecord
  },
})

/**
 * Changes the given properties (type is not accepted: 400); a property given as null is dropped.
 * With `lang`, label, placeholder, description and unit go to translations[lang]. 422 when the
 * field is not one of this workflow's. `expect` holds properties of the field as read
 * (v2.process.get): 409 when one no longer holds (domain/preconditions.ts).
 */
export const updateField = operation({
  name: 'process.update_field',
  access: 'signedIn',
  async run(ctx, processId, fieldId, field, lang) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
    requireAdminister(access, 'change fields')
    const stored = await loadField(ctx.db, process.cid, process._id, fieldId)
    if (!stored) throw refused('the field is not used in this workflow', { argument: 1, name: 'fieldId' })
    const { expect, ...change } = field
    await requireFresh(expect, () => stored, { processId: process._id, fieldId })
    const { _id, type, uid, created, updated, ...descriptor } = stored
    const next: Descriptor = { ...descriptor }
    for (const [k, v] of Object.entries(change)) {
      if (lang && TRANSLATED.includes(k)) {
        const translations = dictOf<Record<string, unknown>>(next.translations)
        translations[lang] = { ...own(translations, lang), [k]: v }
        next.translations = translations
      } else if (v === null) delete next[k]
      else next[k] = k === 'label' ? (v as string).trim() : v
    }
    await validate(ctx, process.cid, type, { ...change, data: next.data }, 2)
    await checkFunctionInput(ctx, process.cid, 2, change, FUNCTION_KEYS)
    await checkKey(ctx, process, change.key, fieldId)
    await ctx.db
      .updateTable('process_fields')
      .set({ descriptor: JSON.stringify(next), updated: Date.now() })
      .where('cid', '=', process.cid)
      .where('_id', '=', fieldId)
      .execute()
    const definition = (d: Descriptor) => ({ processId: process._id, type, ...d })
    await audit(ctx, { cid: process.cid, kind: 'field.update', targetId: fieldId, before: definition(descriptor), after: definition(next) })
    if (isFunctionField(next)) {
      await checkSavedConfiguration(ctx.db, process.cid, process._id, fieldId, next.functionVariables as Record<string, unknown>)
      if (FUNCTION_DEFINITION.some((k) => k in change)) await recomputeFunction(ctx, process.cid, process._id, fieldId)
    }
    await tellViewers(ctx, process, { sig: 'process.field.updated', meta: { processId: process._id, _id: fieldId, changed: Object.keys(change) } })
    return true
  },
})

/** The field goes, and leaves fieldsOrder and every phase's fields. 422 when it is not this workflow's. */
export const removeField = operation({
  name: 'process.remove_field',
  access: 'signedIn',
  async run(ctx, processId, fieldId) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
    requireAdminister(access, 'remove fields')
    const field = await loadField(ctx.db, process.cid, process._id, fieldId)
    if (!field) throw refused('the field is not used in this workflow', { argument: 1, name: 'fieldId' })
    await ctx.db.deleteFrom('process_fields').where('cid', '=', process.cid).where('_id', '=', fieldId).execute()
    const { _id, uid, created, updated, ...definition } = field
    await audit(ctx, { cid: process.cid, kind: 'field.remove', targetId: fieldId, before: { processId: process._id, ...definition } })
    const phases = { ...((process.info.phases as Record<string, { fields?: string[] }>) ?? {}) }
    for (const [id, phase] of Object.entries(phases)) if (phase.fields) phases[id] = { ...phase, fields: phase.fields.filter((f) => f !== fieldId) }
    const info: Record<string, unknown> = { ...process.info, phases, fieldsOrder: fieldsOrder(process).filter((id) => id !== fieldId) }
    if (info.defaultGroupByField === fieldId) delete info.defaultGroupByField
    await ctx.db
      .updateTable('processes')
      .set({ info: JSON.stringify(info), updated: Date.now() })
      .where('cid', '=', process.cid)
      .where('_id', '=', process._id)
      .execute()
    await tellViewers(ctx, process, { sig: 'process.field.removed', meta: { processId: process._id, _id: fieldId } })
    return true
  },
})

const fieldsOrder = (p: ProcessRow) => (p.info.fieldsOrder as string[] | undefined) ?? []

async function setFieldsOrder(ctx: Context, p: ProcessRow, order: string[]) {
  await ctx.db
    .updateTable('processes')
    .set({ info: JSON.stringify({ ...p.info, fieldsOrder: order }), updated: Date.now() })
    .where('cid', '=', p.cid)
    .where('_id', '=', p._id)
    .execute()
}
