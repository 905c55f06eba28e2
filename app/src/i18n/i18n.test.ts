/**
 * The three languages hold the same keys, none empty, every literal key the app's code asks for
 * exists, and every server code the app puts in words (i18n/codes.ts) has its label.
 */
import fs from 'node:fs'
import path from 'node:path'
import en from './en.json'
import fi from './fi.json'
import sv from './sv.json'
import { AUDIT_KIND_NAMES, WEBHOOK_SIGNALS } from '../../../schemas/types.generated'
import { auditKindKey, signalKey } from './codes'

/** `a.b.c` for every string, with i18next's plural suffixes folded into their base key. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
}
const strings = (tree: object) => keys(tree).map((k) => [k, k.split('.').reduce((o: any, p) => o[p], tree)] as const)

test('Finnish and Swedish have exactly the English keys, and no string is empty', () => {
  for (const lang of [fi, sv]) expect(keys(lang).sort()).toEqual(keys(en).sort())
  for (const lang of [en, fi, sv]) for (const [key, text] of strings(lang)) expect({ key, empty: !String(text).trim() }).toEqual({ key, empty: false })
})

test('every literal key passed to t() exists in English', () => {
  const src = path.join(__dirname, '..')
  const known = new Set(keys(en).map((k) => k.replace(/_(one|other)$/, '')))
  const missing: string[] = []
  for (const file of fs.readdirSync(src, { recursive: true }).map(String)) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue
    const code = fs.readFileSync(path.join(src, file), 'utf8')
    for (const [, key] of code.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) if (!known.has(key)) missing.push(`${file}: ${key}`)
  }
  expect(missing).toEqual([])
})

test('every webhook signal and every kind of audit entry has a label in English', () => {
  const has = (key: string) => typeof key.split('.').reduce((o: any, p) => o?.[p], en) === 'string'
  const unlabelled = [...WEBHOOK_SIGNALS.map(signalKey), ...AUDIT_KIND_NAMES.map(auditKindKey)].filter((key) => !has(key))
  expect(unlabelled).toEqual([])
})
