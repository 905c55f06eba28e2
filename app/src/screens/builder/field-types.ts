/**
 * The interface's field types (every one of schemas/defs.json `fieldType`; builder.test.ts checks the list) and
 * the settings each has. A type's name and one-line description are i18n keys
 * (`builder.types.<type>.name|description`). The server checks the same rules
 * (server/ops/process/fields.ts): a unit only on numericunit/textunit, options on
 * textpredefinedoptions, target workflows on activitylink/linkedfrom, collapsing only on subheader,
 * inviting to the discussion only on users.
 */
export type Setting =
  | 'placeholder'
  | 'required'
  | 'unit'
  | 'options'
  | 'targets'
  | 'defaultValue'
  | 'numericDefault'
  | 'collapsedByDefault'
  | 'inviteToDiscussionOnChange'
  | 'reminders'
  | 'function'

const VALUE: Setting[] = ['placeholder', 'required', 'function']

export const FIELD_TYPES: Record<string, Setting[]> = {
  text: [...VALUE, 'defaultValue'],
  textarea: [...VALUE, 'defaultValue'],
  textunit: [...VALUE, 'unit', 'defaultValue'],
  numeric: [...VALUE, 'numericDefault'],
  numericunit: [...VALUE, 'unit', 'numericDefault'],
  textpredefinedoptions: [...VALUE, 'options', 'defaultValue'],
  date: [...VALUE, 'reminders'],
  datetime: [...VALUE, 'reminders'],
  daterange: [...VALUE, 'reminders'],
  datetimerange: [...VALUE, 'reminders'],
  time: VALUE,
  timerange: VALUE,
  country: [...VALUE, 'defaultValue'],
  users: [...VALUE, 'inviteToDiscussionOnChange'],
  teams: VALUE,
  activitylink: [...VALUE, 'targets'],
  linkedfrom: ['targets'],
  subheader: ['collapsedByDefault'],
}

export const TYPE_NAMES = Object.keys(FIELD_TYPES)

export const hasSetting = (type: string, setting: Setting) => (FIELD_TYPES[type] ?? []).includes(setting)

/** The descriptor properties each setting saves (a property of a setting its type lacks is not sent). */
export const SETTING_KEYS: Record<Setting, string[]> = {
  placeholder: ['placeholder'],
  required: ['required'],
  unit: ['unit'],
  options: ['data'],
  targets: ['data'],
  defaultValue: ['defaultValue', 'defaultTo'],
  numericDefault: ['defaultValue', 'defaultTo'],
  collapsedByDefault: ['collapsedByDefault'],
  inviteToDiscussionOnChange: ['inviteToDiscussionOnChange'],
  reminders: ['reminderEnabled', 'reminderSettings'],
  function: ['function', 'functionEnabled', 'functionVariables', 'editable'],
}

/** The descriptor without the properties of settings the type does not have (left over from another type chosen first). */
export function forType(type: string, descriptor: Record<string, unknown>): Record<string, unknown> {
  const allowed = new Set((FIELD_TYPES[type] ?? []).flatMap((s) => SETTING_KEYS[s]))
  const governed = new Set(Object.values(SETTING_KEYS).flat())
  return Object.fromEntries(Object.entries(descriptor).filter(([k]) => !governed.has(k) || allowed.has(k)))
}
