/** What the plain HTTP routes (files, images, insights, calendars) are given. */
import type { Logger } from 'pino'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import type { Bus } from '../realtime/bus'
import type { KeyCache } from '../auth/key-cache'

export interface RouteDeps {
  config: Config
  db: Db
  /**
   * For signals the routes send (download.status; deliver after any transaction has committed), and
   * for `heardAll` before a key is resolved (server/http/sign-in.ts).
   */
  bus: Bus
  log: Logger
  /** The keys requests present, resolved and kept for a moment (server/auth/key-cache.ts). */
  keys: KeyCache
}
