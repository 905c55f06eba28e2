/**
 * Prints how many operations of each namespace are built: `npm run coverage:ops`
 * (`-- --markdown` prints the README table, `-- --readme` writes it into README.md).
 * Interface operations count toward the total; operations the server adds are listed apart.
 */
import fs from 'node:fs'
import path from 'node:path'
import { operations } from '../server/ops'
import { buildRegistry, namespaceOf } from '../server/rpc/registry'

const registry = buildRegistry(operations)
const rows = new Map<string, { built: number; total: number }>()
const added: string[] = []
for (const [name, entry] of registry) {
  if (entry.schema['x-source'] === 'added') {
    added.push(name)
    continue
  }
  const ns = namespaceOf(name)
  const row = rows.get(ns) ?? { built: 0, total: 0 }
  row.total++
  if (entry.built) row.built++
  rows.set(ns, row)
}
const sorted = [...rows].sort(([a], [b]) => a.localeCompare(b))
const sum = sorted.reduce((acc, [, r]) => ({ built: acc.built + r.built, total: acc.total + r.total }), { built: 0, total: 0 })

function markdown(): string {
  const lines = ['| namespace | built | total |', '|---|---:|---:|']
  for (const [ns, r] of sorted) lines.push(`| \`${ns}\` | ${r.built} | ${r.total} |`)
  lines.push(`| **all interface operations** | **${sum.built}** | **${sum.total}** |`)
  lines.push('', `Added operations (${added.length}): ${added.sort().map((n) => `\`${n}\``).join(', ')}`)
  return lines.join('\n')
}

if (process.argv.includes('--readme')) {
  const readme = path.join(__dirname, '..', 'README.md')
  const text = fs.readFileSync(readme, 'utf8')
  const updated = text.replace(/(<!-- coverage:start -->\n)[\s\S]*?(<!-- coverage:end -->)/, `$1${markdown()}\n$2`)
  fs.writeFileSync(readme, updated)
} else if (process.argv.includes('--markdown')) {
  console.log(markdown())
} else {
  for (const [ns, r] of sorted) console.log(`${ns.padEnd(36)} ${String(r.built).padStart(3)}/${r.total}`)
  console.log(`${'all interface operations'.padEnd(36)} ${String(sum.built).padStart(3)}/${sum.total}`)
  console.log(`added operations: ${added.sort().join(', ')}`)
}
