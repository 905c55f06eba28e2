/**
 * Two lanes of tests (jest projects), split by one rule: a spec that imports anything from
 * spec/helpers/ talks to the real server (the helpers are how a spec reaches it: the socket and HTTP
 * clients, users, mail, startServer), so it runs in the `wire` lane, whose global setup starts that
 * server (tsx server/main.ts) once per run. Every other spec reads files or calls code in-process and
 * runs in the `unit` lane, with no server, in seconds. A new spec lands in its lane by what it
 * imports; `npm run test:unit -- --listTests` lists the unit lane. A third lane, `failover`, holds the
 * specs of spec/failover/, which start a PostgreSQL formation of their own (`npm run test:failover`).
 */
const fs = require('node:fs')
const path = require('node:path')

const SPEC_DIR = path.join(__dirname, 'spec')
// The web app's own unit tests sit beside its code (app/src/, *.test.ts) and run in the unit lane.
const APP_DIR = path.join(__dirname, 'app', 'src')
const REACHES_THE_SERVER = /from '(\.\.?\/)+helpers\//

const specs = fs
  .readdirSync(SPEC_DIR, { recursive: true })
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => path.join(SPEC_DIR, file))
// spec/failover/ starts its own PostgreSQL formation and server: a lane of its own, run once by .ci/run.
const FAILOVER_DIR = path.join(SPEC_DIR, 'failover') + path.sep
const failoverSpecs = specs.filter((file) => file.startsWith(FAILOVER_DIR))
const wireSpecs = specs.filter((file) => !failoverSpecs.includes(file) && REACHES_THE_SERVER.test(fs.readFileSync(file, 'utf8')))
const appTests = fs
  .readdirSync(APP_DIR, { recursive: true })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join(APP_DIR, file))
const unitSpecs = [...specs.filter((file) => !wireSpecs.includes(file) && !failoverSpecs.includes(file)), ...appTests]

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/spec', '<rootDir>/app/src'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // nanoid, jose (as jest resolves it) and request-filtering-agent are ESM-only: let swc turn them into CommonJS like our own files.
  transformIgnorePatterns: ['/node_modules/(?!(nanoid|jose|request-filtering-agent)/)'],
}

module.exports = {
  // A run-wide option: jest reads it here, not from a project.
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: unitSpecs },
    {
      ...shared,
      displayName: 'wire',
      testMatch: wireSpecs,
      globalSetup: '<rootDir>/spec/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/spec/helpers/global-teardown.ts',
    },
    { ...shared, displayName: 'failover', testMatch: failoverSpecs },
  ],
}
