/** company.check_invite: what an invite key offers, for the page the invitation mail links to. */
import { userBrief, workspaceName } from '../../db/invites'
import { findUserByEmail } from '../../db/users'
import { findInvite } from '../../domain/invites'
import { inviteRecord } from '../../presenters/invite'
import { operation } from '../../rpc/operation'

/**
 * No session: the key is the credential. Returns the invite record of the interface plus
 * `registered`: whether an account with the invited e-mail exists (accept) or not (register).
 */
export const checkInvite = operation({
  name: 'company.check_invite',
  access: 'public',
  guessing: { kind: 'key', failsWith: 404 },
  readOnly: true,
  async run(ctx, inviteKey) {
    const row = await findInvite(ctx, inviteKey)
    const account = await findUserByEmail(ctx.db, row.email)
    const [inviter, name] = await Promise.all([userBrief(ctx.db, row.invited_by), workspaceName(ctx.db, row.cid)])
    return { ...inviteRecord(row, inviter, name), registered: !!account }
  },
})
