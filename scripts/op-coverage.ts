/**
 * How many operations of each namespace are built: `npm run coverage:ops`.
 * Interface operations count toward the total; operations the server adds are listed apart.
 * docs/reference/operations.md carries the same table as Markdown (`npm run readme` writes it).
 */
import { operations } from '../server/ops'
import { buildRegistry, namespaceOf } from '../server/rpc/registry'

interface Coverage {
  namespaces: [string, { built: number; total: number }][]
  built: number
  total: number
  added: string[]
}

export function coverage(): Coverage {
  const rows = new Map<string, { built: number; total: number }>()
  const added: string[] = []
  for (const [name, entry] of buildRegistry(operations)) {
    if (entry.schema['x-source'] === 'added') {
      added.push(name)
      continue
    }
    const row = rows.get(namespaceOf(name)) ?? { built: 0, total: 0 }
    row.total++
    if (entry.built) row.built++
    rows.set(namespaceOf(name), row)
  }
  const namespaces = [...rows].sort(([a], [b]) => a.localeCompare(b))
  const built = namespaces.reduce((n, [, r]) => n + r.built, 0)
  const total = namespaces.reduce((n, [, r]) => n + r.total, 0)
  return { namespaces, built, total, added: added.sort() }
}

export function coverageMarkdown(): string {
  const { namespaces, built, total, added } = coverage()
  const lines = ['| namespace | built | total |', '|---|---:|---:|']
  for (const [ns, r] of namespaces) lines.push(`| \`${ns}\` | ${r.built} | ${r.total} |`)
  lines.push(`| **all interface operations** | **${built}** | **${total}** |`)
  lines.push('', `Added operations (${added.length}): ${added.map((n) => `\`${n}\``).join(', ')}`)
  return lines.join('\n')
}

if (require.main === module) {
  const { namespaces, built, total, added } = coverage()
  for (const [ns, r] of namespaces) console.log(`${ns.padEnd(38)} ${String(r.built).padStart(3)}/${r.total}`)
  console.log(`${'all interface operations'.padEnd(38)} ${String(built).padStart(3)}/${total}`)
  console.log(`added operations: ${added.join(', ')}`)
}
