#!/usr/bin/env node
// Runs before `npm start` and `npm test`: on a fresh clone, installs the dependencies first,
// so those two commands are the whole set-up. Plain JavaScript: nothing else is installed yet.
const { existsSync } = require('node:fs')
const { execSync } = require('node:child_process')
const path = require('node:path')

const root = path.join(__dirname, '..')
if (!existsSync(path.join(root, 'node_modules', '.bin', 'tsx'))) {
  console.error('installing dependencies (first run) ...')
  // Exactly what package-lock.json names: a fresh clone stays as it was checked out.
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' })
}
