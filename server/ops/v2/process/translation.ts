/**
 * v2.process.translation.create: starts a translation of a workflow into `lang` from the
 * workspace's default language (its settings' `languages[0]`, else `en`). The default texts are the
 * translations of that language where they exist, else the base texts. Texts already translated
 * into `lang` are kept. Administrators of the workflow only.
 *
 * Where the texts go: the workflow's own (name, description, labels) to `translations[lang]`, a
 * phase's name and description to `phases[id].translations[lang]`, a field's label, placeholder,
 * description and unit to the field's `translations[lang]` (as process.update_field with `lang`).
 *
 * Signals to whoever sees the workflow (tellViewers): `process.updated {_id, changed: ['translations']}`, and
 * `process.field.updated {processId, _id, changed: ['translations']}` per field that changed.
 */
import { tellViewers } from '../../../domain/process-signals'
import type { Told } from '../../../realtime/signals'
import { loadFields } from '../../../db/processes'
import { changeInfoEntry } from '../../../domain/doc-templates'
import { FIELD_TEXTS, fillTranslation, PHASE_TEXTS, PROCESS_TEXTS, type Texts, type Translations } from '../../../domain/translations'
import { loadProcessAccess, requireAdminister } from '../../../policies/processes'
import { operation } from '../../../rpc/operation'
import { dict } from '../../../safe-keys'

export const create = operation({
  name: 'v2.process.translation.create',
  access: 'signedIn',
  async run(ctx, processId, lang) {
    const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
    requireAdminister(access, 'translate')
    const ws = await ctx.db.selectFrom('workspaces').select('settings').where('_id', '=', process.cid).executeTakeFirstOrThrow()
    const languages = (ws.settings as { languages?: unknown }).languages
    const from = Array.isArray(languages) && typeof languages[0] === 'string' ? languages[0] : 'en'

    // The lock taken here also covers the phases written below (same row, same transaction).
    const translations = (await changeInfoEntry<Translations>(ctx, process.cid, process._id, 'translations', (current) => {
      return fillTranslation({ ...process.info, name: process.name }, current, PROCESS_TEXTS, lang, from) ?? current ?? {}
    }))!
    await changeInfoEntry<Record<string, Texts>>(ctx, process.cid, process._id, 'phases', (phases) => {
      if (!phases) return phases
      const next = dict<Texts>()
      for (const [id, phase] of Object.entries(phases)) {
        const filled = fillTranslation(phase, phase.translations as Translations | undefined, PHASE_TEXTS, lang, from)
        next[id] = filled ? { ...phase, translations: filled } : phase
      }
      return next
    })
    const told: Told<'process.updated' | 'process.field.updated'>[] = [{ sig: 'process.updated', meta: { _id: process._id, changed: ['translations'] } }]
    for (const field of await loadFields(ctx.db, process.cid, process._id)) {
      const filled = fillTranslation(field, field.translations as Translations | undefined, FIELD_TEXTS, lang, from)
      if (!filled) continue
      const { _id, type: _t, uid: _u, created: _c, updated: _up, ...descriptor } = field
      await ctx.db
        .updateTable('process_fields')
        .set({ descriptor: JSON.stringify({ ...descriptor, translations: filled }), updated: Date.now() })
        .where('cid', '=', process.cid)
        .where('_id', '=', _id)
        .execute()
      told.push({ sig: 'process.field.updated', meta: { processId: process._id, _id, changed: ['translations'] } })
    }
    await tellViewers(ctx, process, told)
    return translations
  },
})
