#!/usr/bin/env node
// `npm start`: builds the web app and bundles the server when their sources changed
// (scripts/build-app.js, scripts/build-server.js) and runs the server bundle in this process.
// NODE_OPTIONS=--enable-source-maps makes stack traces name the TypeScript files.
require('./build-app')
  .buildApp()
  .then(() => require('./build-server').bundleServer())
  .then((bundle) => require(bundle))
  .catch((err) => {
    console.error(err)
    process.exit(1)
  })
