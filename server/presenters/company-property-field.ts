/** The user property field on the wire (schemas/records/company-property-field.json). */
import type { CompanyPropertyField } from '../../schemas/types.generated'
import type { FieldRecord } from '../db/properties'

/** The record as returned to clients: `data` only when the field has options. */
export function publicField(field: FieldRecord): CompanyPropertyField {
  const { data, ...rest } = field
  return data ? { ...rest, data } : rest
}
