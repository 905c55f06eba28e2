/** Tests start the real server (tsx server/main.ts) once per run and talk to it over sockets and HTTP. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/spec'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // nanoid, jose (as jest resolves it) and request-filtering-agent are ESM-only: let swc turn them into CommonJS like our own files.
  transformIgnorePatterns: ['/node_modules/(?!(nanoid|jose|request-filtering-agent)/)'],
  globalSetup: '<rootDir>/spec/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/spec/helpers/global-teardown.ts',
  testTimeout: 60_000,
}
