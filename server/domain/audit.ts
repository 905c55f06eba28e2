/**
 * Recording an administrative act (docs/guides/audit.md): one call, `audit(ctx, {cid, kind,
 * targetId, before, after})`, in the command that makes the change, so the entry is written in the
 * same transaction (an act that rolls back leaves no entry, and no act commits without one). Who
 * acted, from where and when come from the call's context only: nothing a caller sends reaches them.
 * The kinds, and the tables behind them, are in server/db/audit.ts.
 */
import { appendAudit, type AuditActor, type AuditKind } from '../db/audit'
import type { Context } from '../context'

export interface Act {
  /** The workspace the act happened in. */
  cid: string
  kind: AuditKind
  targetId: string
  /** The target's state before and after the act (what the act changed), as JSON; absent when there was none. */
  before?: unknown
  after?: unknown
}

/** The caller as the audit trail records them: their user, the API key they called with, their address. */
export function actorOf(ctx: Pick<Context, 'session' | 'transport'>): AuditActor {
  return { uid: ctx.session?.uid ?? null, apiKey: ctx.session?.apiKey?._id ?? null, address: ctx.transport.address }
}

export function audit(ctx: Pick<Context, 'db' | 'session' | 'transport'>, act: Act): Promise<void> {
  return appendAudit(ctx.db, { ...act, actor: actorOf(ctx) })
}
