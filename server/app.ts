/**
 * createApp(config) -> { start, close }: the whole server as a value, no I/O at import.
 * start(): listen on HOST:PORT (health answers at once), connect and migrate the database,
 * then serve /api and /ws (503 until then; /readyz says when).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import type { Config } from './config'
import { onPrimaryChange } from './db/hosts'
import { connectDb, type Db } from './db/connect'
import { migrate } from './db/migrate'
import { apiMirror, type ApiMirror } from './http/api'
import { admission, admitMiddleware } from './http/admit'
import { auditRouter } from './http/audit'
import { calendarRouter } from './http/calendar'
import { appRouter } from './http/app'
import { filesRouter } from './http/files'
import { imagesRouter } from './http/images'
import { insightsRouter } from './http/insights'
import { rateLimitByAddress } from './http/rate-limit'
import { profileImagesRouter } from './http/profile-images'
import { webDefaults } from './http/web-defaults'
import { errorMiddleware, sendError } from './http/errors'
import { Drain, startVolatileSweep, Evaluator } from './functions'
import { tellValuesChanged } from './domain/function-values'
import { createLogger, logTurnFailure } from './log'
import { createMailer, type Mailer } from './mail'
import { operations } from './ops'
import { fileStorage } from './storage'
import { localBus, postgresBus, type Bus, type BusMessage } from './realtime/bus'
import { deliverPages } from './realtime/deliver'
import { EventTail, startPruning } from './realtime/event-log'
import { Hub } from './realtime/hub'
import { KeyCache } from './auth/key-cache'
import { Dispatcher } from './rpc/dispatch'
import { attachGateway, type Gateway } from './rpc/gateway'
import { startWallScheduler, type WallScheduler } from './domain/wall/scheduler'
import { buildRegistry } from './rpc/registry'
import { stopTransfers, sweepTransfers } from './transfer/jobs'
import { startWebhooks, type Webhooks } from './consumers/webhooks'
import { startAutomations, type Automations } from './consumers/automations'
import { runAs } from './rpc/run-as'

export interface App {
  /** Resolves with the URL once the database is migrated and calls are served. */
  start(): Promise<string>
  /** Drains: refuses new calls, lets calls under way finish, closes sockets with 1001. */
  close(): Promise<void>
}

/** `opening`: the database already being opened (server/main.ts starts it before loading this module); opened in start() when absent. */
export function createApp(config: Config, log = createLogger(config), opening?: Promise<Db>): App {
  const registry = buildRegistry(operations)
  const keys = new KeyCache()
  const hub = new Hub((sessionId) => keys.forget(sessionId))
  const web = express()
  web.disable('x-powered-by')
  // Set once the services are: the HTTP mirror, answered without Express (server/http/api.ts).
  let api: ApiMirror | null = null
  const server = http.createServer((req, res) => {
    webDefaults(res)
    if (!api?.(req, res)) web(req, res)
  })
  let services: {
    db: Db
    bus: Bus
    tail: EventTail
    stopPruning: () => void
    dispatcher: Dispatcher
    gateway: Gateway
    mailer: Mailer
    sweeper: NodeJS.Timeout
    wallScheduler: WallScheduler
    functions: Evaluator
    drain: Drain
    stopVolatileSweep: () => void
    /** Null with DELIVER_EVENTS=false. */
    webhooks: Webhooks | null
    automations: Automations | null
  } | null = null

  web.get('/healthz', (_req, res) => {
    res.json({ ok: true })
  })
  web.get('/readyz', (_req, res) => {
    if (services) res.json({ ready: true })
    else res.status(503).json({ ready: false })
  })
  web.use((_req, res, next) => (services ? next() : sendError(res, { code: 503, msg: 'the server is starting' })))
  const httpLimit = rateLimitByAddress(config.httpRequestsPerSecond)
  const admit = admission(config, httpLimit)
  web.use(admitMiddleware(admit))
  server.on('upgrade', (_req, socket) => {
    if (!services) socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  })

  return {
    async start() {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(config.port, config.host, resolve)
      })
      const { address, port } = server.address() as AddressInfo
      const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`
      log.info({ url }, `listening on ${url}`)

      const db = await (opening ?? connectDb(config))
      log.info({ storage: db.storage }, 'database open')
      if (db.databaseUrl) onPrimaryChange(db.databaseUrl, (host) => log.info({ host }, `database primary: ${host}`))
      await db.onSession(migrate)
      await fileStorage(config).prepare()
      log.info({ fileStore: config.fileStore.kind }, 'file store ready')
      // Signals and control messages are read from the event log by every process; the bus wakes them.
      const tail = new EventTail(db.kysely, deliverPages(db.kysely, hub), log)
      await tail.start()
      // New events wake the sockets' tail and the durable consumers (webhooks), set just below; a
      // functions message wakes the function queue's drain, made once the bus is (it sends on it).
      let webhooks: Webhooks | null = null
      let automations: Automations | null = null
      let wakeDrain = (_modes?: boolean) => {}
      let wakeWall = (_at: number) => {}
      const deliver = (m: BusMessage) => {
        if (m.kind === 'functions') return wakeDrain(m.modes)
        if (m.kind === 'wall') return wakeWall(m.at)
        if (m.kind !== 'events') return hub.deliver(m)
        tail.wake()
        webhooks?.wake()
        automations?.wake()
      }
      const bus = db.databaseUrl ? await postgresBus(db.databaseUrl, deliver, (err) => log.error({ err }, 'bus error')) : localBus(deliver)
      const mailer = createMailer(config, log, config.publicUrl ?? url)
      const functions = new Evaluator(
        { deadlineMs: config.functionDeadlineMs },
        { unsandboxed: config.functionEvaluator === 'unsandboxed-benchmark', mode: config.functionMode },
      )
      if (config.functionEvaluator !== 'quickjs') log.warn('FUNCTION_EVALUATOR=unsandboxed-benchmark: function code runs WITHOUT a sandbox (benchmarks only)')
      const dispatcher = new Dispatcher({ registry, db, config, bus, hub, log, mailer, functions })
      // Delivery goes in the gaps between this process's calls: a burst of writes is not slowed by it.
      // With DELIVER_EVENTS=false another process on the database delivers (docs/deploy.md).
      if (config.deliverEvents) {
        webhooks = startWebhooks({ db: db.kysely, config, bus, mailer, log, gap: () => dispatcher.calls.gap() })
        automations = startAutomations({ db: db.kysely, config, bus, mailer, log, runAs: runAs({ registry, db: db.kysely, config, bus, mailer, functions }) })
      }
      const routeDeps = { config, db, bus, log, keys }
      web.use(filesRouter(routeDeps))
      web.use(imagesRouter(routeDeps))
      web.use(insightsRouter(routeDeps))
      web.use(auditRouter(routeDeps))
      web.use(calendarRouter(routeDeps))
      web.use(profileImagesRouter(routeDeps))
      // The web app, built before start (scripts/build-app.js); its routes come last, so API and file routes keep precedence.
      web.use(appRouter())
      web.use((_req, res) => sendError(res, { code: 404, msg: 'no such route' }))
      web.use(errorMiddleware(log))
      const gateway = attachGateway({ server, config, db, hub, heardAll: () => bus.heardAll(), dispatcher, log })
      if (db.databaseUrl) httpLimit.share(db.databaseUrl)
      const stopPruning = startPruning(db.kysely, { eventsMs: config.eventRetentionHours * 3600_000, auditMs: config.auditRetentionDays * 86400_000 }, log)
      const sweep = () => sweepTransfers({ db, config, bus, log }).catch((err) => logTurnFailure(log, err, 'transfer sweep failed'))
      const sweeper = setInterval(sweep, 60_000).unref()
      void sweep()
      const wallScheduler = startWallScheduler({ db, bus, mailer, log })
      wakeWall = (at) => wallScheduler.wake(at)
      const drain = new Drain({
        db: db.kysely,
        functions,
        bus,
        log,
        intervalMs: config.functionDrainMs,
        batch: Math.max(100, config.functionWriteBudget),
        signal: tellValuesChanged,
      })
      drain.start()
      wakeDrain = (modes) => drain.wake(modes)
      const stopVolatileSweep = startVolatileSweep(db.kysely, config.functionVolatileMs, log, () => drain.wake())
      api = apiMirror(routeDeps, dispatcher, admit)
      services = { db, bus, tail, stopPruning, dispatcher, gateway, mailer, sweeper, wallScheduler, functions, drain, stopVolatileSweep, webhooks, automations }
      log.info({ app: `${url}/` }, `ready: open ${url}/ in a browser for the app`)
      return url
    },

    async close() {
      server.close()
      if (!services) return
      const { db, bus, tail, stopPruning, dispatcher, gateway, mailer, sweeper, wallScheduler, functions, drain, stopVolatileSweep, webhooks, automations } =
        services
      clearInterval(sweeper)
      stopVolatileSweep()
      const grace = new Promise((resolve) => setTimeout(resolve, config.shutdownGraceSeconds * 1000).unref())
      await Promise.race([dispatcher.drain(), grace])
      await Promise.race([stopTransfers(), grace])
      stopPruning()
      // The last calls' signals reach the sockets before they close (a client resumes the rest elsewhere).
      await tail.flush()
      tail.stop()
      gateway.closeAll()
      await new Promise((resolve) => setTimeout(resolve, 100))
      gateway.stop()
      server.closeAllConnections()
      await wallScheduler.stop()
      await webhooks?.stop()
      await automations?.stop()
      await Promise.race([mailer.close(), grace])
      await drain.close()
      await functions.close()
      await bus.close()
      await httpLimit.close()
      await db.close()
    },
  }
}
