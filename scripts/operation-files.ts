/**
 * Where each operation lives: the modules of server/ops and what they export. spec/rpc/registry.spec.ts
 * checks with it the rule written in server/ops/index.ts; `operationFilesMarkdown()` writes the
 * name -> file table of the operations reference.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Operation } from '../server/rpc/operation'

const ROOT = path.join(__dirname, '..')
export const OPS_DIR = path.join(ROOT, 'server', 'ops')

export interface OpsModule {
  /** Relative to server/ops, with / between folders: `v2/network/invite.ts`. */
  file: string
  exports: Record<string, unknown>
}

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []))

/** Every module of server/ops but index.ts (the list itself), loaded, in path order. */
export function opsModules(): OpsModule[] {
  return sourceFiles(OPS_DIR)
    .map((file) => path.relative(OPS_DIR, file).split(path.sep).join('/'))
    .filter((file) => file !== 'index.ts')
    .sort()
    .map((file) => ({ file, exports: require(path.join(OPS_DIR, file)) }))
}

/** What `operation({...})` returns. */
export const isOperation = (value: unknown): value is Operation =>
  !!value && typeof value === 'object' && typeof (value as Operation).name === 'string' && typeof (value as Operation).run === 'function'

/**
 * Whether operation `name` belongs in `file` (relative to server/ops): the file's folder is a prefix of
 * the name, and the file is either the name's namespace (v2/network/invite.ts: v2.network.invite.send)
 * or one subject of the folder's namespace (company/teams.ts: company.set_team_data).
 */
export function belongsIn(name: string, file: string): boolean {
  const fileNamespace = file.replace(/\.ts$/, '').split('/').join('.')
  const folderNamespace = fileNamespace.split('.').slice(0, -1).join('.')
  return name.startsWith(`${fileNamespace}.`) || name.split('.').slice(0, -1).join('.') === folderNamespace
}

/** Each operation and its file, by name. */
export function operationFiles(): Array<{ name: string; file: string }> {
  return opsModules()
    .flatMap(({ file, exports }) =>
      Object.values(exports)
        .filter(isOperation)
        .map((op) => ({ name: op.name, file })),
    )
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** The name -> file table, its links relative to `markdownFile` (a path from the repository's root). */
export function operationFilesMarkdown(markdownFile = 'docs/reference/operations.md'): string {
  const linkBase = path.posix.relative(path.posix.dirname(markdownFile), 'server/ops')
  const rows = operationFiles().map(({ name, file }) => `| \`${name}\` | [${file}](${linkBase}/${file}) |`)
  return ['| Operation | File (server/ops/) |', '| --- | --- |', ...rows].join('\n') + '\n'
}
