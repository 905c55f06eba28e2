/** Memory of a server under a benchmark, read from /proc. */
import fs from 'node:fs'

/** Resident memory (bytes) of `pid` and all its descendants (tsx runs the server in a child node). */
export function treeRss(pid: number): number {
  const children = new Map<number, number[]>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      /* gone */
    }
  }
  let total = 0
  const walk = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))
      if (m) total += Number(m[1]) * 1024
    } catch {
      /* gone */
    }
    for (const c of children.get(p) ?? []) walk(c)
  }
  walk(pid)
  return total
}
