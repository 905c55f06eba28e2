/**
 * Sums self time per function (name, file and line) of a V8 CPU profile — a .cpuprofile file node
 * writes with --cpu-prof, or what the inspector's Profiler.stop returns — so a benchmark can print
 * where a server process spent its time.
 *   tsx scripts/bench/cpu-profile.ts DIR [TOP]    prints the top functions of every profile in DIR
 */
import fs from 'node:fs'
import path from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
export interface Profile {
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
export function hotspots(profile: Profile): Hotspot[] {
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
  return [...self.values()].sort((a, b) => b.us - a.us).map(({ name, where, us }) => ({ name, where, ms: us / 1000, share: total ? us / total : 0 }))
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

/** The layer a function belongs to, from where its code lives. */
export function layerOf(h: Hotspot): string {
  if (h.name === '(idle)') return 'idle'
  if (h.name === '(garbage collector)') return 'garbage collector'
  // V8's own native work outside any JavaScript function (compiling, the embedder, system calls it makes).
  if (h.name === '(program)') return 'V8 native (program)'
  if (h.where.startsWith('wasm://')) return 'PGlite WASM (PostgreSQL itself)'
  if (h.where.startsWith('@electric-sql/pglite')) return 'PGlite JS (wire protocol, file system)'
  if (h.where.startsWith('pg/') || h.where.startsWith('pg-')) return 'node-postgres'
  if (h.where.startsWith('kysely/')) return 'kysely (query building)'
  if (h.where.startsWith('ws/')) return 'ws'
  if (h.where.startsWith('.build/') || h.where.startsWith('server/')) return 'server code'
  if (h.where.startsWith('node:') || !h.where) return 'node (I/O, microtasks, JSON)'
  return 'other packages'
}

/** Self time summed per layer, largest first. */
export function layers(rows: Hotspot[]): { layer: string; share: number }[] {
  const sums = new Map<string, number>()
  for (const r of rows) sums.set(layerOf(r), (sums.get(layerOf(r)) ?? 0) + r.share)
  return [...sums].map(([layer, share]) => ({ layer, share })).sort((a, b) => b.share - a.share)
}

export const readProfile = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Profile

/** The top functions by self time; `title` names the profile. */
export function printHotspots(title: string, profile: Profile, top = 15) {
  const rows = hotspots(profile)
  const total = rows.reduce((s, r) => s + r.ms, 0)
  console.log(`  ${title}: ${total.toFixed(0)} ms sampled; top ${top} by self time`)
  for (const r of rows.slice(0, top)) console.log(`  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(6)} ms  ${r.name}  ${r.where}`)
}

if (require.main === module) {
  const [dir, top] = process.argv.slice(2)
  for (const file of profilesIn(dir)) printHotspots(path.basename(file), readProfile(file), Number(top ?? 15))
}
