import { registerUser, type NewUser, type RegisterOptions } from '../../domain/register'
import { operation } from '../../rpc/operation'

interface V3NewUser extends NewUser {
  acceptConditions?: boolean
  acceptMarketing?: boolean
  language?: string
  preferredDomain?: string
}

/** As v2.user.register; the extra fields of the operation index are kept in the user's settings. */
export const register = operation({
  name: 'v3.user.register',
  access: 'public',
  run(ctx, user: V3NewUser, options?: RegisterOptions) {
    const { acceptConditions, acceptMarketing, language, preferredDomain, ...account } = user
    const extra = { acceptConditions, acceptMarketing, language, preferredDomain }
    const settings = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined))
    return registerUser(ctx, account, options, settings)
  },
})
