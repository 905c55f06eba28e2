/**
 * Accounts of a team: company.new_account, remove_account, set_account_data. An account belongs to
 * one team of the caller's current workspace. A change is a change of its team:
 * `company.team.updated` `{cid, _id: teamId, changed: ['accounts'], account}` on workspace:<cid>.
 */
import { deleteAccount, findAccount, insertAccount, teamExists, updateAccount } from '../../db/teams'
import { audit } from '../../domain/audit'
import { notFound, notFoundAt } from '../../errors'
import type { Context } from '../../context'
import { accountRecord } from '../../presenters/team'
import { operation } from '../../rpc/operation'

/** #rgb, #rgba, #rrggbb or #rrggbbaa. */
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/

const published = (ctx: Context, cid: string, teamId: string, accountId: string) =>
  ctx.publish(`workspace:${cid}`, 'company.team.updated', { cid, _id: teamId, changed: ['accounts'], account: accountId })

/** `{name, team_id}`. Returns the account `{_id, team_id, name, color: null, created}`. */
export const newAccount = operation({
  name: 'company.new_account',
  access: 'member',
  capability: 'teams.manage',
  async run(ctx, account) {
    const { cid } = ctx
    const name = account.name.trim()
    if (!name) throw ctx.invalid(0, '/name', 'must not be blank')
    if (!(await teamExists(ctx.db, cid, account.team_id))) throw notFoundAt('team', 0, '/team_id')
    const created = await insertAccount(ctx.db, cid, account.team_id, name)
    await audit(ctx, { cid, kind: 'teamAccount.create', targetId: created._id, after: { teamId: account.team_id, name, color: null } })
    published(ctx, cid, account.team_id, created._id)
    return accountRecord(created)
  },
})

/** `{account_id, team_id}`: the account must belong to that team of the current workspace. */
export const removeAccount = operation({
  name: 'company.remove_account',
  access: 'member',
  capability: 'teams.manage',
  async run(ctx, account) {
    const { cid } = ctx
    const found = await findAccount(ctx.db, cid, account.account_id, account.team_id)
    if (!found) throw notFound('account')
    await deleteAccount(ctx.db, cid, account.account_id)
    await audit(ctx, { cid, kind: 'teamAccount.remove', targetId: found._id, before: { teamId: found.team_id, name: found.name, color: found.color } })
    published(ctx, cid, account.team_id, account.account_id)
    return true
  },
})

/**
 * [`name` | `color`, `{account_id, name?, color?}`]: the key named by the section is required (a name
 * not blank, a color #rgb/#rgba/#rrggbb/#rrggbbaa). Returns the updated account.
 */
export const setAccountData = operation({
  name: 'company.set_account_data',
  access: 'member',
  capability: 'teams.manage',
  async run(ctx, section, data) {
    const { cid } = ctx
    const invalid = (reason: string) => ctx.invalid(1, `/${section}`, reason, { section })
    let change: { name: string } | { color: string }
    if (section === 'name') {
      const name = data.name?.trim()
      if (data.name === undefined) throw invalid('is required')
      if (!name) throw invalid('must not be blank')
      change = { name }
    } else {
      if (data.color === undefined) throw invalid('is required')
      if (!HEX_COLOR.test(data.color)) throw invalid('must be a hex color such as #1a2b3c')
      change = { color: data.color }
    }
    const account = await findAccount(ctx.db, cid, data.account_id)
    if (!account) throw notFound('account')
    const updated = await updateAccount(ctx.db, cid, account._id, change)
    const state = (a: typeof account) => ({ teamId: a.team_id, name: a.name, color: a.color })
    await audit(ctx, { cid, kind: 'teamAccount.update', targetId: account._id, before: state(account), after: state(updated) })
    published(ctx, cid, account.team_id, account._id)
    return accountRecord(updated)
  },
})
