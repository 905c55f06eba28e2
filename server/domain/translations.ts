/** Translated texts of workflows, phases and fields: which texts, and filling one language from another. */
import { dictOf, own } from '../safe-keys'

export type Texts = Record<string, unknown>
export type Translations = Record<string, Texts>

/** The workflow's translated texts (process.set_info with `lang`). */
export const PROCESS_TEXTS = [
  'name',
  'description',
  'createNewLabel',
  'nameColumnText',
  'nameFieldPlaceHolderText',
  'ownerTeamFieldTitle',
  'personInChargeLabel',
  'predefinedNamePrefix',
  'initPhaseDescription',
]
export const PHASE_TEXTS = ['name', 'description']
export const FIELD_TEXTS = ['label', 'placeholder', 'description', 'unit']

/**
 * `translations` with `lang` filled from the default language where missing; null when nothing
 * changed. `from` is the workspace's setting, any text: the languages are read as own keys only.
 */
export function fillTranslation(base: Texts, translations: Translations | undefined, texts: string[], lang: string, from: string): Translations | null {
  const all = dictOf<Texts>(translations)
  const target: Texts = { ...own(all, lang) }
  let changed = !own(all, lang)
  for (const k of texts) {
    if (target[k] !== undefined) continue
    const source = own(own(all, from), k) ?? base[k]
    if (typeof source !== 'string' || source === '') continue
    target[k] = source
    changed = true
  }
  if (!changed) return null
  all[lang] = target
  return all
}
