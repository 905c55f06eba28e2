/**
 * Every operation the server has built, in one explicit list. The registry checks it at boot
 * against schemas/ops; interface operations missing here answer 501 "not built yet".
 */
import type { Operation } from '../rpc/operation'
import * as auth from './auth'
import * as v2network from './v2/network'
import * as v2user from './v2/user'
import * as v3session from './v3/session'
import * as v3user from './v3/user'

export const operations: Operation[] = [auth, v2network, v2user, v3session, v3user].flatMap((module) => Object.values(module))
