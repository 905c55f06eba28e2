/**
 * Reads the .cpuprofile files node writes with --cpu-prof and sums self time per function (name,
 * file and line), so a benchmark can print where a server process spent its time.
 *   tsx scripts/bench/cpu-profile.ts DIR [TOP]    prints the top functions of every profile in DIR
 */
import fs from 'node:fs'
import path from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export interface Hotspot {
  name: string
  where: string
  ms: number
  share: number
}

/** Self time per function of one profile, largest first; idle and GC are kept (they say what the process waited for). */
export function hotspots(file: string): Hotspot[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, { name: string; where: string; us: number }>()
  let total = 0
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    const us = profile.timeDeltas[i] ?? 0
    total += us
    const where = url ? `${shorten(url)}:${lineNumber + 1}` : ''
    const key = `${functionName}@${where}`
    const entry = self.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 }
    entry.us += us
    self.set(key, entry)
  })
  return [...self.values()]
    .sort((a, b) => b.us - a.us)
    .map(({ name, where, us }) => ({ name, where, ms: us / 1000, share: total ? us / total : 0 }))
}

/** Paths inside the project or node_modules, without the machine's prefix. */
function shorten(url: string): string {
  const p = url.replace(/^file:\/\//, '')
  const nm = p.lastIndexOf('node_modules/')
  if (nm >= 0) return p.slice(nm + 'node_modules/'.length)
  const root = path.join(__dirname, '..', '..') + path.sep
  return p.startsWith(root) ? p.slice(root.length) : p
}

/** The profiles in `dir`, newest last. */
export function profilesIn(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs)
}

export function printHotspots(file: string, top = 15) {
  const rows = hotspots(file)
  const total = rows.reduce((s, r) => s + r.ms, 0)
  console.log(`  ${path.basename(file)}: ${total.toFixed(0)} ms sampled; top ${top} by self time`)
  for (const r of rows.slice(0, top)) console.log(`  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(6)} ms  ${r.name}  ${r.where}`)
}

if (require.main === module) {
  const [dir, top] = process.argv.slice(2)
  for (const file of profilesIn(dir)) printHotspots(file, Number(top ?? 15))
}
