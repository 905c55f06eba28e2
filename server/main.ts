/** Entry: loadConfig -> createApp -> start; SIGTERM/SIGINT drain. The only process.exit. */
import { ConfigError, environment, loadConfig } from './config'
import { createApp } from './app'
import { createLogger } from './log'

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
  const log = createLogger(config)
  const app = createApp(config, log)
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
