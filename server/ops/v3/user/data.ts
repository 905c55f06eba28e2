/**
 * Data transfer: v3.user.data.export (a user's archive, built in the background), .export.workspaces
 * (the workspaces the user owns on another server of ours), .import (workspaces pulled from there)
 * and the added v3.user.data.job (a job's progress and outcome). The archive format:
 * docs/reference/export-format.md; the rules of an import: server/transfer/import.ts.
 */
import { currentWorkspaceId } from '../../../auth/sessions'
import { notFound, refused, RpcError } from '../../../errors'
import type { OmitFlag } from '../../../transfer/kinds'
import { createJob, jobRecord, runExport, runImport } from '../../../transfer/jobs'
import { baseUrl, RemoteServer, type Credentials } from '../../../transfer/remote'
import { operation } from '../../../rpc/operation'
import { actorOf, audit } from '../../../domain/audit'

type OmitFlags = Partial<Record<OmitFlag, boolean>>

/**
 * [workspaceIds?, options?]: starts the export of the given workspaces (default: every workspace the
 * caller belongs to) and returns the job at once. Workspaces the caller owns are exported whole,
 * the others as far as the caller may see them. The finished archive is a file of the caller's.
 */
export const exportData = operation({
  name: 'v3.user.data.export',
  access: 'signedIn',
  // Transfers act on the whole account, beyond any one workspace: not with an API key.
  apiKeys: false,
  async run(ctx, workspaceIds?: string[], options: OmitFlags = {}) {
    const uid = ctx.session.uid
    const mine = (await ctx.db.selectFrom('workspace_members').select('cid').where('uid', '=', uid).execute()).map((m) => m.cid)
    const chosen = workspaceIds ? [...new Set(workspaceIds)] : mine
    const foreign = chosen.findIndex((cid) => !mine.includes(cid))
    if (foreign >= 0) throw new RpcError(404, 'workspace not found', { argument: 0, name: 'workspaceIds', path: `/${foreign}` })
    const cid = chosen[0] ?? (await currentWorkspaceId(ctx.db, ctx.session))
    if (!cid) throw refused('you belong to no workspace: there is nothing to export')
    const jobId = await createJob(ctx.db, ctx.config, uid, 'export', { workspaceIds: chosen, ...options })
    for (const exported of chosen) await audit(ctx, { cid: exported, kind: 'data.export', targetId: jobId, after: { workspaceIds: chosen, ...options } })
    ctx.later((services) => runExport(services, jobId, { uid, cid, workspaceIds: chosen, options }))
    return jobRecord(await ctx.db.selectFrom('transfer_jobs').selectAll().where('_id', '=', jobId).executeTakeFirstOrThrow())
  },
})

/** [credentials]: signs in to the other server and lists the workspaces the user owns there. */
export const exportWorkspaces = operation({
  name: 'v3.user.data.export.workspaces',
  access: 'signedIn',
  // Transfers act on the whole account, beyond any one workspace: not with an API key.
  apiKeys: false,
  readOnly: true,
  async run(ctx, credentials: Credentials) {
    const remote = await RemoteServer.signIn(ctx.config, credentials)
    try {
      const all = (await remote.call('v3.session.workspaces', [])) as { _id: string; name: string; role: string }[]
      return all.filter((w) => w.role === 'owner').map(({ _id, name }) => ({ _id, name }))
    } finally {
      await remote.close()
    }
  },
})

/**
 * [credentials, options?]: starts pulling workspaces (options.workspaceIds; default the user's
 * default workspace there) from the other server, and returns the job at once. The caller owns
 * what is imported; the job's result lists the new workspaces.
 */
export const importData = operation({
  name: 'v3.user.data.import',
  access: 'signedIn',
  // Transfers act on the whole account, beyond any one workspace: not with an API key.
  apiKeys: false,
  async run(ctx, credentials: Credentials, options: OmitFlags & { workspaceIds?: string[] } = {}) {
    baseUrl(credentials.host)
    const { workspaceIds, ...omit } = options
    const uid = ctx.session.uid
    const actor = actorOf(ctx)
    const jobId = await createJob(ctx.db, ctx.config, uid, 'import', { host: credentials.host, workspaceIds: workspaceIds ?? null, ...omit })
    ctx.later((services) => runImport(services, jobId, uid, credentials, { workspaceIds, omit }, actor))
    return jobRecord(await ctx.db.selectFrom('transfer_jobs').selectAll().where('_id', '=', jobId).executeTakeFirstOrThrow())
  },
})

/** [jobId]: one of the caller's export or import jobs (404 for anyone else's). */
export const job = operation({
  name: 'v3.user.data.job',
  access: 'signedIn',
  readOnly: true,
  async run(ctx, jobId: string) {
    const row = await ctx.db.selectFrom('transfer_jobs').selectAll().where('_id', '=', jobId).where('uid', '=', ctx.session.uid).executeTakeFirst()
    if (!row) throw notFound('job')
    return jobRecord(row)
  },
})
