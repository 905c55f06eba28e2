/**
 * Writes the generated tables into README.md between their markers (`npm run readme`):
 * the operation coverage, the role table and the signal table. spec/readme.spec.ts fails when they are stale.
 */
import fs from 'node:fs'
import path from 'node:path'
import { coverageMarkdown } from './op-coverage'
import { rolesMarkdown } from './roles-table'
import { signalsMarkdown } from './signals-table'

export const README = path.join(__dirname, '..', 'README.md')

export const generatedSections = (): Record<string, string> => ({ coverage: coverageMarkdown(), roles: rolesMarkdown(), signals: signalsMarkdown() })

const marker = (name: string) => new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`)

export function readSection(text: string, name: string): string | null {
  const match = marker(name).exec(text)
  return match ? match[0].slice(match[1].length, -match[2].length).trimEnd() : null
}

if (require.main === module) {
  let text = fs.readFileSync(README, 'utf8')
  for (const [name, body] of Object.entries(generatedSections())) {
    if (!marker(name).test(text)) throw new Error(`README.md has no <!-- ${name}:start --> marker`)
    text = text.replace(marker(name), (_m, start: string, end: string) => `${start}${body}\n${end}`)
  }
  fs.writeFileSync(README, text)
}
