/**
 * Sets a workspace's license (server administrators only: there is no operation for it).
 * Connects with the server's own configuration: DATABASE_URL, else the PGlite data in DATA_DIR.
 */
import fs from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig } from '../server/config'
import { connectDb } from '../server/db/connect'
import { setLicense } from '../server/policies/quota'
import { RpcError } from '../server/errors'
import { postgresBus } from '../server/realtime/bus'
import { createAjv, SCHEMA_DIR } from '../server/rpc/schemas'
import { signalMessage } from '../server/realtime/signals'

const USAGE = `Usage:
  npx tsx scripts/set-license.ts <workspaceId> '<license JSON>' [--replace]
  npx tsx scripts/set-license.ts <workspaceId> --show
  npx tsx scripts/set-license.ts --list

Sets the license of a workspace. The JSON is merged into the current license (a key set to null is
removed); with --replace it replaces the license. Fields (docs/reference/interface.md "Workspace license"):
type (free, legacy, enterprise, premium, free-trial), numbers users, calendars, modules, activities,
processes, datasets (a limit; absent means unlimited), booleans functionFields, indexedData.
Example: npx tsx scripts/set-license.ts 0123456789abcdef01234567 '{"type":"premium","users":250}'

It connects like the server: DATABASE_URL when set, otherwise the embedded PGlite database in
DATA_DIR (default ./data). With PGlite, STOP THE SERVER FIRST: only one process may open the data
folder at a time. With DATABASE_URL the server may keep running; its clients hear
network.license.updated.

Exit codes: 0 done, 1 refused (no such workspace, invalid license), 2 wrong usage or configuration.`

function usage(problem?: string): never {
  if (problem) console.error(problem + '\n')
  console.error(USAGE)
  process.exit(2)
}

function licenseValidator() {
  const ajv = createAjv()
  ajv.addSchema(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, 'defs.json'), 'utf8')))
  const file = JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, 'records', 'workspace-license.json'), 'utf8'))
  const validate = ajv.compile(file)
  const known = new Set(Object.keys(file.properties))
  return {
    known,
    check(license: Record<string, unknown>): string | null {
      if (validate(license)) return null
      const e = validate.errors![0]
      return `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`
    },
  }
}

async function main() {
  const args = process.argv.slice(2)
  if (args.includes('--help') || args.includes('-h')) usage()
  const flags = new Set(args.filter((a) => a.startsWith('--')))
  const [cid, json] = args.filter((a) => !a.startsWith('--'))
  for (const f of flags) if (!['--replace', '--show', '--list'].includes(f)) usage(`unknown option ${f}`)
  if (!flags.has('--list')) {
    if (!cid || !/^[0-9a-f]{24}$/.test(cid)) usage('the first argument must be a workspace id (24 hexadecimal characters)')
    if (!flags.has('--show') && json === undefined) usage('give the license as JSON, or --show')
  }
  let changes: Record<string, unknown> = {}
  if (json !== undefined) {
    try {
      changes = JSON.parse(json)
    } catch {
      usage('the license is not valid JSON')
    }
    if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) usage('the license must be a JSON object')
  }

  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) usage(err.message)
    throw err
  }
  const validator = licenseValidator()
  for (const key of Object.keys(changes)) {
    if (!validator.known.has(key)) console.error(`warning: ${key} is not a field of the workspace license; it is stored but nothing reads it`)
  }

  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    usage(`no database in ${config.dataDir}: set DATA_DIR to the server's data folder, or DATABASE_URL`)
  }
  const db = await connectDb(config)
  try {
    if (flags.has('--list')) {
      const rows = await db.kysely.selectFrom('workspaces').select(['_id', 'name', 'license']).orderBy('created').execute()
      for (const r of rows) console.log(`${r._id}  ${String((r.license as { type?: unknown }).type ?? '-').padEnd(10)}  ${r.name}`)
      return 0
    }
    if (flags.has('--show')) {
      const row = await db.kysely.selectFrom('workspaces').select('license').where('_id', '=', cid).executeTakeFirst()
      if (!row) throw new RpcError(404, `workspace ${cid} not found`)
      console.log(JSON.stringify(row.license, null, 2))
      return 0
    }
    const license = await db.kysely
      .transaction()
      .execute((trx) => setLicense(trx, cid, changes, { replace: flags.has('--replace'), validate: (l) => validator.check(l) }))
    if (db.databaseUrl) {
      const bus = await postgresBus(
        db.databaseUrl,
        () => {},
        () => {},
      )
      await bus.emit([signalMessage([`workspace:${cid}`], 'network.license.updated', { _id: cid, license })])
      await bus.close()
    }
    console.log(JSON.stringify(license, null, 2))
    return 0
  } catch (err) {
    if (err instanceof RpcError) {
      console.error(err.message)
      return 1
    }
    throw err
  } finally {
    await db.close()
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
