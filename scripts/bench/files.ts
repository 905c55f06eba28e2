/** What the file benchmarks share: the memory of a server, read from /proc, and files to move. */
import { randomBytes } from 'node:crypto'
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

/** Uploads `count` files of `bytes` each (distinct contents) as the signed-in `key`; returns their ids. */
export async function uploadFiles(serverUrl: string, key: string, count: number, bytes: number): Promise<string[]> {
  console.log(`uploading ${count} files of ${(bytes / 1024 / 1024).toFixed(2)} MiB ...`)
  const ids: string[] = []
  const chunk = randomBytes(bytes)
  for (let i = 0; i < count; i++) {
    chunk.writeUInt32BE(i, 0)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(chunk)]), `file-${i}.bin`)
    const res = await fetch(`${serverUrl}/upload`, { method: 'POST', headers: { hlrkey: key }, body: form })
    if (res.status !== 200) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`)
    ids.push((await res.json())._id)
  }
  return ids
}
