/**
 * Operations beyond the interface: a public form read by its key, without a session (the key is the
 * credential). Submitting through a form needs the activities and is not built yet.
 */
import { loadFields } from '../../db/processes'
import { publicFormByKey } from '../../db/public-forms'
import { notFound } from '../../errors'
import { operation } from '../../rpc/operation'
import { dict } from '../../safe-keys'

/** Field types an anonymous form user cannot fill: derived (linkedfrom) or listing people and teams of the workspace. */
const NOT_ON_FORMS = new Set(['linkedfrom', 'users', 'teams'])
const FIELD_PROPERTIES = ['key', 'placeholder', 'description', 'unit', 'data', 'defaultValue', 'defaultTo', 'collapsedByDefault', 'translations']
const PROCESS_TEXTS = ['name', 'description']

/**
 * The form's public face: `{name, description?, translations, fields: [{_id, label, type, required,
 * ...}], theme, enableMessaging, allowRead}`, fields in fieldsOrder. Function fields and the types
 * of NOT_ON_FORMS are left out. Never the creator, team, account or followers. 404 for an unknown,
 * replaced or inactive key.
 */
export const get = operation({
  name: 'v3.publicForm.get',
  access: 'public',
  guessing: { kind: 'key', failsWith: 404 },
  readOnly: true,
  async run(ctx, key) {
    const form = await publicFormByKey(ctx.db, key)
    if (!form || !form.active) throw notFound('public form')
    const process = await ctx.db
      .selectFrom('processes')
      .select(['name', 'info'])
      .where('cid', '=', form.cid)
      .where('_id', '=', form.process_id)
      .executeTakeFirstOrThrow()
    const info = process.info as Record<string, unknown>
    const order = (info.fieldsOrder as string[] | undefined) ?? []
    const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : Number.MAX_SAFE_INTEGER)
    const fields = (await loadFields(ctx.db, form.cid, form.process_id))
      .filter((f) => !NOT_ON_FORMS.has(f.type) && f.functionEnabled !== true)
      .sort((a, b) => rank(a._id) - rank(b._id))
      .map((f) => {
        const out: Record<string, unknown> = { _id: f._id, label: f.label, type: f.type, required: f.required === true }
        for (const k of FIELD_PROPERTIES) if (f[k] !== undefined) out[k] = f[k]
        return out
      })
    const translations = dict<Record<string, unknown>>()
    for (const [lang, texts] of Object.entries((info.translations as Record<string, Record<string, unknown>>) ?? {}))
      translations[lang] = Object.fromEntries(PROCESS_TEXTS.filter((k) => texts[k] !== undefined).map((k) => [k, texts[k]]))
    const face: Record<string, unknown> = {
      name: process.name,
      translations,
      fields,
      theme: form.theme,
      enableMessaging: form.enable_messaging,
      allowRead: form.allow_read,
    }
    if (typeof info.description === 'string') face.description = info.description
    return face
  },
})
