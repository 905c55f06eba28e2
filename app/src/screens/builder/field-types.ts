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
