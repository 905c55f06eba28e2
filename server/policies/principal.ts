/**
 * Who a call acts for. A session acts as its user everywhere the user is a member; an API key acts
 * as its owner in its own workspace only. The functions that establish the caller's membership or
 * access (loadMember, requireMember, loadProcessAccess, canReadFile, workspacesOf) take a Principal,
 * not a bare user id, and ask `actsIn` — so the key's bound is kept wherever access is decided.
 */
import type { Session } from '../auth/sessions'

export type Principal = Pick<Session, 'uid' | 'apiKey'>

/** Whether the caller may act in workspace `cid` at all (before any role or permission). */
export const actsIn = (caller: Principal, cid: string): boolean => !caller.apiKey || caller.apiKey.cid === cid

/** A stored user acting without a key (e.g. the creator of a public insight export). */
export const userPrincipal = (uid: string): Principal => ({ uid })
