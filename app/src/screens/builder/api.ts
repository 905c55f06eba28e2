/**
 * The workflow builder's calls, through the typed client. Every change of something the person read
 * sends `expect` (the values as read: docs/reference/protocol.md "Stale writes"), so a save based on
 * a stale read is refused with a 409 instead of reverting a teammate's change.
 */
import { HlrError, type HlrClient } from '../../../../client'
import { livePhases, newObjectId, type Workflow, type WorkflowField } from '../workflow/workflows'

/** Anything the builder sends as a field descriptor (the settings of its type). */
export type Descriptor = Record<string, unknown>

/** A 409 from `expect`: the record changed since the form was read. */
export const isStale = (err: unknown) => err instanceof HlrError && err.code === 409 && err.details?.reason === 'stale'

const setInfo = (client: HlrClient, wf: Workflow, info: Record<string, unknown>) => client.call('process.set_info', wf._id, info as never)

/** `read` is the name the person started from (not the latest: a rename meanwhile must not be overwritten). */
export const renameWorkflow = (client: HlrClient, wf: Workflow, name: string, read: string) => setInfo(client, wf, { name, expect: { name: read } })

export const removeWorkflow = (client: HlrClient, id: string) => client.call('process.remove', id)

/** A copy with its fields and phases (new ids; named "… (copy)"); its id. */
export async function copyWorkflow(client: HlrClient, id: string): Promise<string> {
  const ids = (await client.call('v2.process.copy', id)) as unknown as string[]
  return ids[0]
}

export interface Template {
  _id: string
  title: string
  description: string
  schemas: Array<{ name?: string }>
}

export const listTemplates = async (client: HlrClient) => (await client.call('process.list_templates')) as unknown as Template[]

/** Installs a shipped template into the current workspace; the new workflows' ids. */
export async function installTemplate(client: HlrClient, templateId: string): Promise<string[]> {
  const result = (await client.call('process.install_template', templateId)) as unknown as { processIds: string[] }
  return result.processIds
}

/** The workflows and datasets of the workspace (the list the builder links from, and link targets). */
export interface Listed {
  _id: string
  name: string
  enableUnlinkedMode?: boolean
}
export const listAll = async (client: HlrClient) => (await client.call('process.list')) as unknown as Listed[]

// Phases. A phase is added with every field shown in it; removing one puts it in phasesRemoved
// (its activities keep their phase, and an administrator can bring it back), as Hailer does.

export function addPhase(client: HlrClient, wf: Workflow, name: string) {
  const id = newObjectId()
  const order = livePhases(wf)
  return setInfo(client, wf, {
    phases: { [id]: { name, fields: wf.fieldsOrder ?? Object.keys(wf.fields) } },
    phasesOrder: [...wf.phasesOrder.filter((p) => !order.includes(p)), ...order, id],
    expect: { phasesOrder: wf.phasesOrder },
  })
}

export const renamePhase = (client: HlrClient, wf: Workflow, phaseId: string, name: string, read: string) =>
  setInfo(client, wf, { phases: { [phaseId]: { name } }, expect: { phases: { [phaseId]: { ...wf.phases[phaseId], name: read } } } })

/** The shown phases in a new order (`order` lists them all). */
export const reorderPhases = (client: HlrClient, wf: Workflow, order: string[]) =>
  setInfo(client, wf, { phasesOrder: [...order, ...wf.phasesOrder.filter((p) => !order.includes(p))], expect: { phasesOrder: wf.phasesOrder } })

export const removePhase = (client: HlrClient, wf: Workflow, phaseId: string) =>
  setInfo(client, wf, {
    phasesOrder: wf.phasesOrder.filter((p) => p !== phaseId),
    phasesRemoved: [...wf.phasesRemoved.filter((p) => p !== phaseId), phaseId],
    expect: { phasesOrder: wf.phasesOrder, phasesRemoved: wf.phasesRemoved },
  })

/** Moves one item of a list by `by` places (keyboard reordering), or returns null at an end. */
export function moved<T>(list: T[], index: number, by: number): T[] | null {
  const to = index + by
  if (to < 0 || to >= list.length) return null
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item)
  return next
}

// Fields

/** The phases that show a field (a phase listing no fields shows them all). */
export const phasesShowing = (wf: Workflow, fieldId: string) =>
  livePhases(wf).filter((p) => {
    const fields = (wf.phases[p] as { fields?: string[] }).fields
    return !fields || fields.includes(fieldId)
  })

/** The phases whose `fields` change so that exactly `shownIn` show the field, as a set_info change with its expect. */
function phaseFieldsChange(wf: Workflow, fieldId: string, shownIn: string[], allFields: string[]) {
  const phases: Record<string, { fields: string[] }> = {}
  const expect: Record<string, unknown> = {}
  for (const p of livePhases(wf)) {
    const listed = (wf.phases[p] as { fields?: string[] }).fields ?? allFields.filter((f) => f !== fieldId)
    const has = listed.includes(fieldId)
    const wants = shownIn.includes(p)
    if (has === wants && (wf.phases[p] as { fields?: string[] }).fields) continue
    phases[p] = { fields: wants ? [...listed.filter((f) => f !== fieldId), fieldId] : listed.filter((f) => f !== fieldId) }
    expect[p] = wf.phases[p]
  }
  return Object.keys(phases).length ? { phases, expect: { phases: expect } } : null
}

/** A new field, then the phases that show it; its id. */
export async function createField(client: HlrClient, wf: Workflow, descriptor: Descriptor, shownIn: string[]): Promise<string> {
  const field = (await client.call('process.create_field', wf._id, descriptor as never)) as unknown as WorkflowField
  const change = phaseFieldsChange(wf, field._id, shownIn, [...(wf.fieldsOrder ?? Object.keys(wf.fields)), field._id])
  if (change) await setInfo(client, wf, change)
  return field._id
}

/**
 * The settings that differ from the field as read when the form opened (a setting left empty is sent
 * as null, which drops it), with `expect` holding those settings as read then; then the phases that show it.
 */
export async function updateField(client: HlrClient, wf: Workflow, read: WorkflowField, descriptor: Descriptor, shownIn: string[]) {
  const fieldId = read._id
  const change: Descriptor = {}
  const expect: Descriptor = {}
  for (const key of new Set([...Object.keys(descriptor), ...SETTINGS.filter((k) => k in read)])) {
    const next = descriptor[key] ?? null
    if (JSON.stringify(next) === JSON.stringify(read[key] ?? null)) continue
    change[key] = next
    expect[key] = read[key] ?? null
  }
  if (Object.keys(change).length) await client.call('process.update_field', wf._id, fieldId, { ...change, expect } as never)
  const phases = phaseFieldsChange(wf, fieldId, shownIn, wf.fieldsOrder ?? Object.keys(wf.fields))
  if (phases) await setInfo(client, wf, phases)
}

/** The settings the builder edits: one it leaves out of a descriptor is removed from the field. */
export const SETTINGS = [
  'label',
  'description',
  'placeholder',
  'required',
  'key',
  'unit',
  'data',
  'defaultValue',
  'defaultTo',
  'collapsedByDefault',
  'inviteToDiscussionOnChange',
  'reminderEnabled',
  'reminderSettings',
  'editable',
  'function',
  'functionEnabled',
  'functionVariables',
]

export const removeField = (client: HlrClient, wf: Workflow, fieldId: string) => client.call('process.remove_field', wf._id, fieldId)

export const reorderFields = (client: HlrClient, wf: Workflow, order: string[]) =>
  setInfo(client, wf, { fieldsOrder: order, expect: { fieldsOrder: wf.fieldsOrder ?? null } })

/** The fields in their order (fieldsOrder first, then any it does not list). */
export const orderedFields = (wf: Workflow): WorkflowField[] => {
  const order = (wf.fieldsOrder ?? []).filter((id) => wf.fields[id])
  return [...order, ...Object.keys(wf.fields).filter((id) => !order.includes(id))].map((id) => wf.fields[id])
}
