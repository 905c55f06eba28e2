/**
 * v3.activity.template.create [processId, phaseId]: an object to base v3.activity.create calls on,
 * `{processId, phaseId, name: '', fields: {fieldId: default}, required: [fieldId]}`.
 * `fields` holds the fields of the phase (its `fields`, or every field when it lists none) that have a
 * default: `defaultValue` when `defaultTo` is true, in the stored form of the field's type (a default
 * that does not fit the type is left out); subheader and linkedfrom fields hold no value.
 * `required` lists the fields the phase requires (as create enforces them). Needs permission to
 * create activities in the workflow (403; a guest without enableGuestEditing); 404 for a workflow the
 * caller does not see, or a phase it does not have.
 */
import { loadFields } from '../../../db/processes'
import { normalize, requiredFields } from '../../../db/values'
import { forbidden, RpcError } from '../../../errors'
import { loadProcessAccess } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'
import { dict, own } from '../../../safe-keys'

export const create = operation({
  name: 'v3.activity.template.create',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, processId, phaseId) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId)
    const phase = own(process.info.phases as Record<string, { fields?: string[] }> | undefined, phaseId)
    if (!phase) throw new RpcError(404, 'phase not found', { argument: 1, name: 'phaseId' })
    if (!access.create) throw forbidden('you may not create activities in this workflow', { needs: 'create' })
    const fields = await loadFields(ctx.db, process.cid, process._id)
    const shown = new Set(phase.fields ?? fields.map((f) => f._id))
    const values = dict()
    for (const f of fields) {
      if (!shown.has(f._id) || f.type === 'subheader' || f.type === 'linkedfrom') continue
      if (f.defaultTo !== true || f.defaultValue === undefined || f.defaultValue === '') continue
      const n = normalize(f, NUMERIC.includes(f.type) && typeof f.defaultValue === 'string' ? Number(f.defaultValue) : f.defaultValue)
      if (n.ok && n.value !== null) values[f._id] = n.value
    }
    return {
      processId,
      phaseId,
      name: '',
      fields: values,
      required: requiredFields(process.info, phaseId, new Map(fields.map((f) => [f._id, f]))),
    }
  },
})

const NUMERIC = ['numeric', 'numericunit']
