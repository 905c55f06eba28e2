#!/usr/bin/env node
// `npm start`: bundles the server when its sources changed (scripts/build-server.js) and runs the
// bundle in this process, with Node's source maps so stack traces name the TypeScript files.
process.setSourceMapsEnabled(true)
require('./build-server')
  .bundleServer()
  .then((bundle) => require(bundle))
  .catch((err) => {
    console.error(err)
    process.exit(1)
  })
