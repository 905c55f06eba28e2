import pino from 'pino'
import type { Config } from './config'

export const createLogger = (config: Pick<Config, 'logLevel'>) => pino({ level: config.logLevel })
