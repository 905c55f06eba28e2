/**
 * Files: the names they are given. Where their bytes live and how an upload arrives:
 * server/storage/. Who may read a file: server/policies/files.ts.
 */
import path from 'node:path'

/** A file name for metadata and Content-Disposition: no path, no control characters, bounded. */
export function cleanFileName(name: string, fallback = 'file'): string {
  let n = String(name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/\\/g, '/')
  n =
    n
      .split('/')
      .filter((part) => part && part !== '.' && part !== '..')
      .pop() ?? ''
  n = n.replace(/^\.+/, '').trim()
  if (n.length > 255) {
    const ext = path.extname(n).slice(0, 20)
    n = n.slice(0, 255 - ext.length) + ext
  }
  return n || fallback
}

/** Zip entry names: cleaned like file names, duplicates renamed "a.txt", "a (2).txt", ... */
export function archiveEntryNames(names: string[]): string[] {
  const used = new Set<string>()
  return names.map((raw) => {
    const name = cleanFileName(raw)
    const ext = path.extname(name)
    const base = ext && ext !== name ? name.slice(0, -ext.length) : name
    let candidate = name
    for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${base} (${i})${ext !== name ? ext : ''}`
    used.add(candidate.toLowerCase())
    return candidate
  })
}
