/** The current workspace's license (set by a server administrator with scripts/set-license.ts). */
import { loadLicense } from '../../../domain/quota'
import { authorizeIn } from '../../../policies/roles'
import { operation } from '../../../rpc/operation'

export const get = operation({
  name: 'v2.network.license.get',
  access: 'signedIn',
  readOnly: true,
  async run(ctx) {
    const { cid } = await authorizeIn(ctx, 'v2.network.license.get')
    return loadLicense(ctx.db, cid)
  },
})
