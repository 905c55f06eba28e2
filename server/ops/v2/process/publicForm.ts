/**
 * The public form of a workflow: v2.process.publicForm.create (a new key each time; the old key
 * stops working) and update (keeps the key). Administrators of the workflow only. The form is read
 * without a session by v3.publicForm.get (server/ops/v3/publicForm.ts); submitting through it
 * needs the activities and is not built yet.
 *
 * Signal to whoever sees the workflow (tellViewers): `process.updated {_id, changed: ['publicForm']}` (never the key).
 */
import { tellViewers } from '../../../domain/process-signals'
import { loadPublicForm } from '../../../db/public-forms'
import { publicFormRecord } from '../../../presenters/public-form'
import type { PublicFormsTable } from '../../../db/schema'
import { notFound, notFoundAt } from '../../../errors'
import { newSecret } from '../../../ids'
import { loadProcessAccess, requireAdminister } from '../../../policies/processes'
import type { SignedInContext } from '../../../context'
import { operation } from '../../../rpc/operation'
import type { ProcessRow } from '../../../db/processes'
import type { PublicFormUpdate } from '../../../../schemas/types.generated'

/** The form settings of v2.process.publicForm.create and .update, as their schema declares them. */
type FormInput = PublicFormUpdate

type Current = Awaited<ReturnType<typeof loadPublicForm>>

/**
 * The settings to store: the given ones over the current form's (or the defaults). The creator must
 * be a member of the workspace, the team one of its teams, the account one of that team's accounts
 * (404 otherwise). An account given without a team brings its team; a team given without an
 * account drops an account of another team.
 */
async function settle(ctx: SignedInContext, process: ProcessRow, given: FormInput, current: Current) {
  const cid = process.cid
  const creator = given.creator ?? current?.creator ?? ctx.session.uid
  const member = await ctx.db.selectFrom('workspace_members').select('uid').where('cid', '=', cid).where('uid', '=', creator).executeTakeFirst()
  if (!member) throw notFoundAt('creator', 0, '/creator')
  let team = given.team ?? current?.team_id ?? null
  let account = given.account ?? current?.account_id ?? null
  if (given.account !== undefined) {
    const row = await ctx.db.selectFrom('accounts').select('team_id').where('cid', '=', cid).where('_id', '=', given.account).executeTakeFirst()
    if (!row || (given.team !== undefined && row.team_id !== given.team)) throw notFoundAt('account', 0, '/account')
    team = row.team_id
  }
  if (team !== null) {
    const row = await ctx.db.selectFrom('teams').select('_id').where('cid', '=', cid).where('_id', '=', team).executeTakeFirst()
    if (!row) throw notFoundAt('team', 0, '/team')
    if (given.account === undefined && account !== null) {
      const kept = await ctx.db
        .selectFrom('accounts')
        .select('_id')
        .where('cid', '=', cid)
        .where('_id', '=', account)
        .where('team_id', '=', team)
        .executeTakeFirst()
      if (!kept) account = null
    }
  } else account = null
  return {
    creator,
    team_id: team,
    account_id: account,
    followers: given.followers ?? current?.followers ?? 'none',
    active: given.active ?? current?.active ?? true,
    enable_messaging: given.enableMessaging ?? current?.enable_messaging ?? false,
    allow_read: given.allowRead ?? current?.allow_read ?? false,
    theme: JSON.stringify(given.theme ?? current?.theme ?? {}),
  } satisfies Partial<Record<keyof PublicFormsTable, unknown>>
}

async function save(ctx: SignedInContext, form: FormInput, rotate: boolean) {
  // The workflow's row is locked: two concurrent calls for one workflow queue instead of colliding.
  const { process, access } = await loadProcessAccess(ctx.db, ctx.session, form.processId, { lock: true })
  requireAdminister(access, 'change the public form')
  const current = await loadPublicForm(ctx.db, process.cid, process._id)
  if (!rotate && !current) throw notFound('public form')
  const settings = await settle(ctx, process, rotate ? { active: true, ...form } : form, current)
  const now = Date.now()
  const row = current
    ? await ctx.db
        .updateTable('public_forms')
        .set({ ...settings, ...(rotate ? { key: newSecret() } : {}), updated: now })
        .where('cid', '=', process.cid)
        .where('process_id', '=', process._id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await ctx.db
        .insertInto('public_forms')
        .values({ cid: process.cid, process_id: process._id, key: newSecret(), ...settings, created: now, updated: null })
        .returningAll()
        .executeTakeFirstOrThrow()
  await tellViewers(ctx, process, { sig: 'process.updated', meta: { _id: process._id, changed: ['publicForm'] } })
  return publicFormRecord(row)
}

/**
 * Creates the workflow's public form, or gives the existing one a new key (the old key stops
 * working at once). Settings not given keep their current values (defaults: the caller as creator,
 * no team or account, followers none, messaging and reading off); `active` is true unless given.
 * Returns the public form.
 */
export const create = operation({
  name: 'v2.process.publicForm.create',
  access: 'signedIn',
  run: (ctx, form: FormInput) => save(ctx, form, true),
})

/** Changes the given settings and keeps the key; 404 when the workflow has no public form. Returns the public form. */
export const update = operation({
  name: 'v2.process.publicForm.update',
  access: 'signedIn',
  run: (ctx, form: FormInput) => save(ctx, form, false),
})
