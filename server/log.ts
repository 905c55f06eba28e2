import pino, { type Logger } from 'pino'
import type { Config } from './config'
import { isDatabaseGap } from './errors'

export const createLogger = (config: Pick<Config, 'logLevel'>) => pino({ level: config.logLevel })

/**
 * A failed turn of work the server repeats on its own (a timer, a poll): an error, except while
 * PostgreSQL changes its primary. Then the next turn runs on the new primary, and the change is
 * logged once (`database primary`) instead of once per turn (debug).
 */
export function logTurnFailure(log: Pick<Logger, 'error' | 'debug'>, err: unknown, msg: string) {
  if (isDatabaseGap(err)) log.debug({ err }, msg)
  else log.error({ err }, msg)
}
