/**
 * Writes the generated documentation (`npm run readme`): whole files, and sections between their
 * markers, `<!-- name:start -->` and `<!-- name:end -->`, in the file each lives in.
 * spec/readme.spec.ts fails when one is stale. Another generated text is one more line of GENERATED.
 */
import fs from 'node:fs'
import path from 'node:path'
import { auditKindsMarkdown } from './audit-table'
import { configurationMarkdown, envExampleText, mostUsedMarkdown } from './config-docs'
import { errorsMarkdown } from './errors-table'
import { layersMarkdown } from './layers'
import { coverageMarkdown } from './op-coverage'
import { operationFilesMarkdown } from './operation-files'
import { rolesMarkdown } from './roles-table'
import { signalsMarkdown } from './signals-table'

export interface GeneratedSection {
  /** The file, relative to the repository's root. */
  file: string
  /** The marker's name; none when the generator writes the whole file. */
  section?: string
  generate: () => string
}

export const GENERATED: GeneratedSection[] = [
  { file: 'docs/reference/operations.md', section: 'coverage', generate: coverageMarkdown },
  { file: 'docs/reference/operations.md', section: 'operation-files', generate: () => operationFilesMarkdown('docs/reference/operations.md') },
  { file: 'docs/reference/roles.md', section: 'roles', generate: rolesMarkdown },
  { file: 'docs/reference/signals.md', section: 'signals', generate: signalsMarkdown },
  { file: 'docs/guides/audit.md', section: 'audit-kinds', generate: auditKindsMarkdown },
  { file: 'docs/reference/protocol.md', section: 'errors', generate: errorsMarkdown },
  { file: 'README.md', section: 'layers', generate: layersMarkdown },
  { file: 'README.md', section: 'most-used-configuration', generate: mostUsedMarkdown },
  { file: 'docs/configuration.md', generate: configurationMarkdown },
  { file: '.env.example', generate: envExampleText },
]

export const ROOT = path.join(__dirname, '..')

const marker = (name: string) => new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`)

/** The text between a section's markers, or null when the file has no such markers. */
export function readSection(text: string, name: string): string | null {
  const match = marker(name).exec(text)
  return match ? match[0].slice(match[1].length, -match[2].length).trimEnd() : null
}

function writeSection(text: string, name: string, body: string): string {
  if (!marker(name).test(text)) throw new Error(`no <!-- ${name}:start --> ... <!-- ${name}:end --> markers`)
  return text.replace(marker(name), (_m, start: string, end: string) => `${start}${body.trimEnd()}\n${end}`)
}

if (require.main === module) {
  for (const { file, section, generate } of GENERATED) {
    const at = path.join(ROOT, file)
    const text = fs.existsSync(at) ? fs.readFileSync(at, 'utf8') : ''
    const written = section ? writeSection(text, section, generate()) : generate()
    if (written !== text) fs.writeFileSync(at, written)
    console.log(`${file}${section ? ` ${section}` : ''}: ${written === text ? 'current' : 'written'}`)
  }
}
