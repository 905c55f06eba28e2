/** manifest.json of an export archive (docs/reference/export-format.md). */
import type { OmitFlag } from './kinds'

export const FORMAT = 'hlr-export'
/** Raised when a reader of an older version could no longer read the archive correctly. */
export const FORMAT_VERSION = 1

export interface Manifest {
  format: typeof FORMAT
  formatVersion: number
  server: { name: string; version: string }
  created: number
  exportedBy: { _id: string; email: string }
  /** `whole`: the exporter owns it and every record is there; otherwise what they may see. */
  workspaces: { _id: string; name: string; whole: boolean }[]
  options: Partial<Record<OmitFlag, boolean>>
  /** Rows per kind (and `people`, `fileContents`). */
  counts: Record<string, number>
  /** sha256 (hex) of every entry but the manifest: `<kind>.jsonl`, `people.jsonl`, `me.json`, `files/<id>`. */
  checksums: Record<string, string>
}
