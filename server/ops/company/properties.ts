/**
 * User property fields of the caller's current workspace and their values:
 * company.add_property_field, update_property_field, remove_property_field, set_property_value,
 * set_user_property_value. Values are read in v2.network.get (each member's `properties`).
 *
 * Signals on workspace:<cid>: `company.propertyField.created|updated|removed` `{cid, _id}` and
 * `company.propertyValue.updated` `{cid, _id: fieldId}`; the member whose value changed also gets
 * `company.propertyValue.updated` `{cid, _id: fieldId, uid}` on user:<uid>.
 */
import { deleteField, dropFormerMembersValues, fieldValues, findField, insertField, setValue, updateField, type FieldRecord } from '../../db/properties'
import { nonMembers } from '../../db/teams'
import { carryOver, checkDefinition, checkValue, InvalidDefinition, InvalidValue } from '../../domain/property-values'
import { forbidden, notFound, refused, RpcError } from '../../errors'
import type { Context } from '../../context'
import { operation } from '../../rpc/operation'
import { publicField } from '../../presenters/company-property-field'
import { requireFresh } from '../../domain/preconditions'

/** Turns a definition problem into the 400 naming argument `argument` and the key. */
function definitionError(ctx: Context, err: unknown, argument: number): unknown {
  if (!(err instanceof InvalidDefinition)) return err
  return ctx.invalid(argument, err.path, err.reason)
}

/** Turns a value problem into the 400 naming the argument, the field and the reason. */
function valueError(ctx: Context, err: unknown, field: FieldRecord, argument: number, base: string): unknown {
  if (!(err instanceof InvalidValue)) return err
  return ctx.invalid(argument, `${base}${err.path}`, `${err.reason} for the ${field.type} field "${field.label}"`, {
    field: field._id,
    label: field.label,
    type: field.type,
  })
}

/** ['users', {label, type, filledBy, enableMultiple?, data?}]: an optionlist field needs its options in `data`. */
export const addField = operation({
  name: 'company.add_property_field',
  access: 'member',
  capability: 'properties.manage',
  async run(ctx, _target, field) {
    const { cid } = ctx
    let definition
    try {
      definition = checkDefinition(field)
    } catch (err) {
      throw definitionError(ctx, err, 1)
    }
    const stored = await insertField(ctx.db, cid, ctx.session.uid, definition)
    ctx.publish(`workspace:${cid}`, 'company.propertyField.created', { cid, _id: stored._id })
    return publicField(stored)
  },
})

/**
 * ['users', fieldId, {filledBy, label, type, enableMultiple?, data?}]: `created`, `uid` are read-only
 * and ignored; `_id`, when given, must be fieldId. Stored values are carried over to the new
 * definition (enableMultiple wraps or unwraps them); when one no longer fits, 422 and nothing changes.
 * `expect` holds properties of the field as read (v2.network.get `propertyFields`): 409 when one no
 * longer holds (domain/preconditions.ts). Returns the record without enableMultiple and data, as the
 * interface says.
 */
export const updateFieldOp = operation({
  name: 'company.update_property_field',
  access: 'member',
  capability: 'properties.manage',
  async run(ctx, _target, fieldId, field) {
    const { cid } = ctx
    const { expect, ...change } = field
    if (change._id !== undefined && change._id !== fieldId) {
      throw ctx.invalid(2, '/_id', 'must be the fieldId of argument 2')
    }
    const current = await findField(ctx.db, cid, fieldId, { lock: 'update' })
    if (!current) throw notFound('property field')
    await requireFresh(expect, () => publicField(current), { fieldId })
    let definition
    try {
      definition = checkDefinition(change, current.type === change.type ? current : { ...current, data: null })
    } catch (err) {
      throw definitionError(ctx, err, 2)
    }
    const changedValues =
      definition.type !== current.type ||
      definition.enableMultiple !== current.enableMultiple ||
      JSON.stringify(definition.data) !== JSON.stringify(current.data)
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
    const updated = await updateField(ctx.db, cid, fieldId, definition)
    const changed = (['label', 'type', 'filledBy', 'enableMultiple', 'data'] as const).filter((k) => JSON.stringify(updated[k]) !== JSON.stringify(current[k]))
    ctx.publish(`workspace:${cid}`, 'company.propertyField.updated', { cid, _id: fieldId, changed })
    const { enableMultiple, data, ...record } = updated
    return record
  },
})

/** [fieldId, 'users']: the field and every value of it go. */
export const removeField = operation({
  name: 'company.remove_property_field',
  access: 'member',
  capability: 'properties.manage',
  async run(ctx, fieldId, _target) {
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
  async run(ctx, fieldId, _target, value) {
    const { cid } = ctx
    const field = await findField(ctx.db, cid, fieldId, { lock: 'share' })
    if (!field) throw notFound('property field')
    if ((await nonMembers(ctx.db, cid, [value.uid])).length)
      throw new RpcError(404, 'user not found in this workspace', { argument: 2, name: 'value', path: '/uid' })
    let checked
    try {
      checked = await checkValue(ctx.db, cid, field, value.data)
    } catch (err) {
      throw valueError(ctx, err, field, 2, '/data')
    }
    await setValue(ctx.db, cid, fieldId, value.uid, checked)
    publishValue(ctx, cid, fieldId, value.uid)
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
  async run(ctx, fieldId, value) {
    const { cid, member } = ctx
    const field = await findField(ctx.db, cid, fieldId, { lock: 'share' })
    if (!field) throw notFound('property field')
    if (field.filledBy !== 'user' && !member.capabilities.has('properties.manage')) {
      throw forbidden(`"${field.label}" is filled by an admin`, { field: fieldId, filledBy: field.filledBy })
    }
    let checked
    try {
      checked = await checkValue(ctx.db, cid, field, value)
    } catch (err) {
      throw valueError(ctx, err, field, 1, '')
    }
    await setValue(ctx.db, cid, fieldId, ctx.session.uid, checked)
    publishValue(ctx, cid, fieldId, ctx.session.uid)
    return true
  },
})

function publishValue(ctx: Context, cid: string, fieldId: string, uid: string) {
  ctx.publish(`workspace:${cid}`, 'company.propertyValue.updated', { cid, _id: fieldId })
  ctx.publish(`user:${uid}`, 'company.propertyValue.updated', { cid, _id: fieldId, uid })
}
