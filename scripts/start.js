#!/usr/bin/env node
// `npm start`: bundles the server when its sources changed (scripts/build-server.js) and runs the
// bundle in this process. NODE_OPTIONS=--enable-source-maps makes stack traces name the TypeScript files.
require('./build-server')
  .bundleServer()
  .then((bundle) => require(bundle))
  .catch((err) => {
    console.error(err)
    process.exit(1)
  })
