/**
 * Every operation the server has built, in one explicit list. The registry checks it at boot
 * against schemas/ops; interface operations missing here answer 501 "not built yet".
 * Files are named after the operation name minus its last segment (v2.network.invite.send ->
 * v2/network/invite.ts); company.* is split by subject under company/.
 */
import type { Operation } from '../rpc/operation'
import * as auth from './auth'
import * as companyAccounts from './company/accounts'
import * as companyInvite from './company/invite'
import * as companyMembers from './company/members'
import * as companyOptions from './company/options'
import * as companyProperties from './company/properties'
import * as companyTeams from './company/teams'
import * as processOps from './process'
import * as processFields from './process/fields'
import * as v2network from './v2/network'
import * as v2networkInvite from './v2/network/invite'
import * as v2networkLicense from './v2/network/license'
import * as v2networkRoles from './v2/network/roles'
import * as v2process from './v2/process'
import * as v2processMember from './v2/process/member'
import * as v2processPermissions from './v2/process/permissions'
import * as v2user from './v2/user'
import * as v2userInvite from './v2/user/invite'
import * as v3session from './v3/session'
import * as v3user from './v3/user'

const modules = [
  auth,
  companyAccounts,
  companyInvite,
  companyMembers,
  companyOptions,
  companyProperties,
  companyTeams,
  processOps,
  processFields,
  v2network,
  v2networkInvite,
  v2networkLicense,
  v2networkRoles,
  v2process,
  v2processMember,
  v2processPermissions,
  v2user,
  v2userInvite,
  v3session,
  v3user,
]

export const operations: Operation[] = modules.flatMap((module) => Object.values(module) as Operation[])
