/**
 * Entry: loadConfig -> open the database -> createApp -> start; SIGTERM/SIGINT drain. The only process.exit,
 * and the last resort for an error nothing else caught (logged; the server does not exit for it).
 * The database starts opening before the rest of the server is loaded: PGlite compiles its WebAssembly
 * and reads its folder while the modules load (the two overlap on a machine with a spare core).
 */
import { ConfigError, environment, loadConfig } from './config'
import { connectDb } from './db/connect'

async function main() {
  let config
  try {
    config = loadConfig(environment())
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(2)
    }
    throw err
  }
  const db = connectDb(config)
  // Awaited by app.start(); a failure here is reported there, not as an unhandled rejection.
  db.catch(() => {})
  const { createApp } = await import('./app')
  const { createLogger } = await import('./log')
  const log = createLogger(config)
  // The last resort. Every call and every background job catches its own errors (a job that fails
  // says so in its status); one that reaches here escaped them: a bug, logged with its stack at
  // fatal, while the server goes on serving every other caller rather than exit with them all.
  process.on('uncaughtException', (err) => log.fatal({ err }, 'uncaught exception (a bug): the server goes on'))
  process.on('unhandledRejection', (err) => log.fatal({ err }, 'unhandled rejection (a bug): the server goes on'))
  const app = createApp(config, log, db)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'draining')
    app.close().then(
      () => {
        log.info('stopped')
        process.exit(0)
      },
      (err) => {
        log.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  try {
    await app.start()
  } catch (err) {
    log.fatal({ err }, 'start failed')
    process.exit(1)
  }
}

void main()
