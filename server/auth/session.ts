/** Who a call or request acts as, once its key was checked (server/auth/sessions.ts, server/auth/api-keys.ts). */
export interface Session {
  /** sha256 of the session key (or API key): the key itself is never kept. */
  id: string
  uid: string
  /**
   * Present when the caller signed in with an API key: the key acts as its owner in this one
   * workspace only (every other is "not found": server/policies/principal.ts), and may not call
   * operations declared `apiKeys: false`.
   */
  apiKey?: { _id: string; cid: string; expires: number }
}
