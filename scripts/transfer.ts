/**
 * The operator's path for data transfer, on the same archive format as v3.user.data.export and
 * .import (docs/reference/export-format.md), straight on the database the environment configures:
 *
 *   npm run export -- <workspaceId> <file.zip>     the whole workspace, as its owner sees it
 *   npm run import -- <file.zip> [ownerEmail]      every workspace of the archive, owned by the
 *                                                  account with that e-mail (default: the exporter's)
 *
 * On the embedded PGlite, stop the server first (one process owns a PGlite folder).
 */
import path from 'node:path'
import { ConfigError, loadConfig } from '../server/config'
import { connectDb } from '../server/db/connect'
import { SERVER_ADMINISTRATOR } from '../server/db/audit'
import { migrate } from '../server/db/migrate'
import { writeExport } from '../server/transfer/export'
import { importArchive } from '../server/transfer/import'
import { openArchive } from '../server/transfer/reader'

const usage = 'usage: npm run export -- <workspaceId> <file.zip>\n       npm run import -- <file.zip> [ownerEmail]'

async function main(command: string | undefined, args: string[]) {
  const config = loadConfig()
  const db = await connectDb(config)
  try {
    await db.onSession(migrate)
    if (command === 'export' && args.length === 2) {
      const [cid, file] = args
      const owner = await db.kysely
        .selectFrom('workspace_members')
        .select('uid')
        .where('cid', '=', cid)
        .where('role', '=', 'owner')
        .orderBy('created')
        .executeTakeFirst()
      if (!owner) throw new Error(`no workspace ${cid} with an owner here`)
      const manifest = await writeExport(db.kysely, config, { uid: owner.uid, workspaceIds: [cid], options: {} }, path.resolve(file), () => {})
      console.log(JSON.stringify({ file: path.resolve(file), counts: manifest.counts }))
    } else if (command === 'import' && (args.length === 1 || args.length === 2)) {
      const archive = await openArchive(path.resolve(args[0]), config)
      try {
        const email = args[1] ?? archive.manifest.exportedBy.email
        const owner = await db.kysely.selectFrom('users').select('_id').where('email', '=', email).executeTakeFirst()
        if (!owner) throw new Error(`no account with the e-mail ${email} here: register it first, or name another owner`)
        const result = await db.kysely
          .transaction()
          .execute((trx) =>
            importArchive(trx, config, archive, owner._id, null, () => {}, { actor: SERVER_ADMINISTRATOR, origin: { archive: path.basename(args[0]) } }),
          )
        console.log(JSON.stringify(result))
      } finally {
        archive.close()
      }
    } else {
      console.error(usage)
      process.exitCode = 2
    }
  } finally {
    await db.close()
  }
}

main(process.argv[2], process.argv.slice(3)).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `${err.message ?? err}${err.details ? ` ${JSON.stringify(err.details)}` : ''}`)
  process.exitCode = process.exitCode || 1
})
