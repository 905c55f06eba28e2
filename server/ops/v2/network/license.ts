/** The current workspace's license (set by a server administrator with scripts/set-license.ts). */
import { loadLicense } from '../../../policies/quota'
import { operation } from '../../../rpc/operation'

export const get = operation({
  name: 'v2.network.license.get',
  access: 'member',
  capability: 'workspace.read',
  readOnly: true,
  async run(ctx) {
    const { cid } = ctx
    return loadLicense(ctx.db, cid)
  },
})
