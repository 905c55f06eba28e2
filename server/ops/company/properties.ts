/**
 * User property fields of the caller's current workspace and their values:
 * company.add_property_field, update_property_field, remove_property_field, set_property_value,
 * set_user_property_value. Values are read in v2.network.get (each member's `properties`).
 *
 * Signals on workspace:<cid>: `company.propertyField.created|updated|removed` `{cid, _id}` and
 * `company.propertyValue.updated` `{cid, _id: fieldId}`; the member whose value changed also gets
 * `company.propertyValue.updated` `{cid, _id: fieldId, uid}` on user:<uid>.
 */
import type { PropertyFieldType } from '../../db/schema'
import { deleteField, dropFormerMembersValues, fieldValues, findField, insertField, publicField, setValue, updateField, type FieldRecord } from '../../db/properties'
import { nonMembers } from '../../db/teams'
import { carryOver, checkDefinition, checkValue, InvalidDefinition, InvalidValue } from '../../domain/property-values'
import { badRequest, forbidden, notFound, refused, RpcError } from '../../errors'
import { operation, type Context } from '../../rpc/operation'

interface FieldInput {
  label: string
  type: PropertyFieldType
  filledBy: 'user' | 'admin'
  enableMultiple?: boolean
  data?: string | string[]
}

/** Turns a definition problem into the 400 naming argument `argument` and the key. */
function definitionError(err: unknown, argument: number): unknown {
  if (!(err instanceof InvalidDefinition)) return err
  return badRequest(`argument ${argument + 1} (field${err.path}) ${err.reason}`, { argument, name: 'field', path: err.path, reason: err.reason })
}

/** Turns a value problem into the 400 naming the argument, the field and the reason. */
function valueError(err: unknown, field: FieldRecord, argument: number, name: string, base: string): unknown {
  if (!(err instanceof InvalidValue)) return err
  const path = `${base}${err.path}` || '/'
  return badRequest(`argument ${argument + 1} (${name}${base}${err.path}) ${err.reason} for the ${field.type} field "${field.label}"`, {
    argument,
    name,
    path,
    field: field._id,
    label: field.label,
    type: field.type,
    reason: err.reason,
  })
}

/** ['users', {label, type, filledBy, enableMultiple?, data?}]: an optionlist field needs its options in `data`. */
export const addField = operation({
  name: 'company.add_property_field',
  access: 'member',
  capability: 'properties.manage',
  async run(ctx, _target: 'users', input: FieldInput) {
    const { cid } = ctx
    let definition
    try {
      definition = checkDefinition(input)
    } catch (err) {
      throw definitionError(err, 1)
    }
    const field = await insertField(ctx.db, cid, ctx.session.uid, definition)
    ctx.publish(`workspace:${cid}`, 'company.propertyField.created', { cid, _id: field._id })
    return publicField(field)
  },
})

/**
 * ['users', fieldId, {filledBy, label, type, enableMultiple?, data?}]: `created`, `uid` are read-only
 * and ignored; `_id`, when given, must be fieldId. Stored values are carried over to the new
 * definition (enableMultiple wraps or unwraps them); when one no longer fits, 422 and nothing changes.
 * Returns the record without enableMultiple and data, as the interface says.
 */
export const updateFieldOp = operation({
  name: 'company.update_property_field',
  access: 'member',
  capability: 'properties.manage',
  async run(ctx, _target: 'users', fieldId: string, input: FieldInput & { _id?: string; created?: number; uid?: string }) {
    const { cid } = ctx
    if (input._id !== undefined && input._id !== fieldId) {
      throw badRequest('argument 3 (field/_id) must be the fieldId of argument 2', { argument: 2, name: 'field', path: '/_id', reason: 'must be the fieldId' })
    }
    const current = await findField(ctx.db, cid, fieldId, { lock: 'update' })
    if (!current) throw notFound('property field')
    let definition
    try {
      definition = checkDefinition(input, current.type === input.type ? current : { ...current, data: null })
    } catch (err) {
      throw definitionError(err, 2)
    }
    const changedValues = definition.type !== current.type || definition.enableMultiple !== current.enableMultiple || JSON.stringify(definition.data) !== JSON.stringify(current.data)
    if (changedValues) {
      // Values left by former members are never shown: they go rather than block the change.
      await dropFormerMembersValues(ctx.db, cid, fieldId)
      for (const { uid, value } of await fieldValues(ctx.db, cid, fieldId)) {
        let next
        try {
          next = await checkValue(ctx.db, cid, definition, carryOver(value, definition.enableMultiple))
        } catch (err) {
          if (!(err instanceof InvalidValue)) throw err
          throw refused(`a stored value of "${current.label}" would not fit the new definition: it ${err.reason}`, {
            field: fieldId,
            uid,
            reason: err.reason,
          })
        }
        await setValue(ctx.db, cid, fieldId, uid, next)
      }
    }
    const field = await updateField(ctx.db, cid, fieldId, definition)
    const changed = (['label', 'type', 'filledBy', 'enableMultiple', 'data'] as const).filter(
      (k) => JSON.stringify(field[k]) !== JSON.stringify(current[k]),
    )
    ctx.publish(`workspace:${cid}`, 'company.propertyField.updated', { cid, _id: fieldId, changed })
    const { enableMultiple, data, ...record } = field
    return record
  },
})

/** [fieldId, 'users']: the field and every value of it go. */
export const removeField = operation({
  name: 'company.remove_property_field',
  access: 'member',
  capability: 'properties.manage',
  async run(ctx, fieldId: string, _target: 'users') {
    const { cid } = ctx
    if (!(await findField(ctx.db, cid, fieldId))) throw notFound('property field')
    await deleteField(ctx.db, cid, fieldId)
    ctx.publish(`workspace:${cid}`, 'company.propertyField.removed', { cid, _id: fieldId })
    return true
  },
})

/** [fieldId, 'users', {uid, data?}]: an owner or admin sets any member's value; no data clears it. */
export const setPropertyValue = operation({
  name: 'company.set_property_value',
  access: 'member',
  capability: 'properties.manage',
  async run(ctx, fieldId: string, _target: 'users', input: { uid: string; data?: string | string[] }) {
    const { cid } = ctx
    const field = await findField(ctx.db, cid, fieldId, { lock: 'share' })
    if (!field) throw notFound('property field')
    if ((await nonMembers(ctx.db, cid, [input.uid])).length) throw new RpcError(404, 'user not found in this workspace', { argument: 2, name: 'value', path: '/uid' })
    let value
    try {
      value = await checkValue(ctx.db, cid, field, input.data)
    } catch (err) {
      throw valueError(err, field, 2, 'value', '/data')
    }
    await setValue(ctx.db, cid, fieldId, input.uid, value)
    publishValue(ctx, cid, fieldId, input.uid)
    return true
  },
})

/**
 * [fieldId, value?]: the caller's own value of a field that users fill (filledBy 'user'); a field that
 * admins fill answers 403, except to those who may manage property fields. No value clears it.
 */
export const setUserPropertyValue = operation({
  name: 'company.set_user_property_value',
  access: 'member',
  capability: 'properties.fillOwn',
  rule: 'fields filled by users (any field with properties.manage)',
  async run(ctx, fieldId: string, input?: string | string[]) {
    const { cid, member } = ctx
    const field = await findField(ctx.db, cid, fieldId, { lock: 'share' })
    if (!field) throw notFound('property field')
    if (field.filledBy !== 'user' && !member.capabilities.has('properties.manage')) {
      throw forbidden(`"${field.label}" is filled by an admin`, { field: fieldId, filledBy: field.filledBy })
    }
    let value
    try {
      value = await checkValue(ctx.db, cid, field, input)
    } catch (err) {
      throw valueError(err, field, 1, 'value', '')
    }
    await setValue(ctx.db, cid, fieldId, ctx.session.uid, value)
    publishValue(ctx, cid, fieldId, ctx.session.uid)
    return true
  },
})

function publishValue(ctx: Context, cid: string, fieldId: string, uid: string) {
  ctx.publish(`workspace:${cid}`, 'company.propertyValue.updated', { cid, _id: fieldId })
  ctx.publish(`user:${uid}`, 'company.propertyValue.updated', { cid, _id: fieldId, uid })
}
