// Bundles server/ and the packages it uses into .build/server.js with esbuild (one file: no TypeScript
// loader, no resolving and reading of hundreds of files at start) and returns its path. The bundle is generated, not
// committed; it is rebuilt only when one of its inputs (or this file) changed since it was written.
// Plain JavaScript: it runs before anything else is loaded.
const fs = require('node:fs')
const path = require('node:path')

const ROOT = path.join(__dirname, '..')
const OUT_DIR = path.join(ROOT, '.build')
const OUT = path.join(OUT_DIR, 'server.js')
const INPUTS = path.join(OUT_DIR, 'server.inputs.json')
const ENTRY = path.join(ROOT, 'server', 'main.ts')
// Packages that load files of their own at run time (WebAssembly, native addons, worker scripts, an
// executable), or optional native helpers, stay in node_modules; every other package goes into the
// bundle, which spares resolving and reading its files one by one at start (kysely alone has hundreds).
const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  'sharp',
  '@node-rs/argon2',
  'esbuild',
  'quickjs-emscripten',
  'pino',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
]

/** True when the bundle exists and no input was changed after its build started. */
function isCurrent() {
  try {
    const { startedAt, inputs } = JSON.parse(fs.readFileSync(INPUTS, 'utf8'))
    if (!fs.existsSync(OUT)) return false
    return [...inputs, path.relative(ROOT, __filename)].every((file) => fs.statSync(path.join(ROOT, file)).mtimeMs < startedAt)
  } catch {
    return false
  }
}

/**
 * The source files keep their own folder: `__dirname` and `__filename` in server/ name the schemas,
 * templates, console and worker sources next to them, so each is rewritten to the file's real place,
 * relative to the bundle.
 */
const sourcePaths = {
  name: 'source-paths',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      let contents = await fs.promises.readFile(args.path, 'utf8')
      const from = (target) => `require('node:path').join(__dirname, ${JSON.stringify(path.relative(OUT_DIR, target))})`
      contents = contents.replace(/\b__dirname\b/g, from(path.dirname(args.path))).replace(/\b__filename\b/g, from(args.path))
      return { contents, loader: 'ts' }
    })
  },
}

async function bundleServer() {
  if (isCurrent()) return OUT
  const { build } = require('esbuild')
  const startedAt = Date.now()
  const external = EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`])
  const result = await build({
    entryPoints: [ENTRY],
    outfile: OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    plugins: [sourcePaths],
    // A map next to the bundle, used when node runs with --enable-source-maps (stack traces then name
    // the TypeScript files). Not enabled by default: reading the map costs start-up time, and the
    // functions keep their names in the bundle.
    sourcemap: 'linked',
    sourcesContent: false,
    // Less to read and parse at start; names are kept for profiles and stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  })
  fs.mkdirSync(OUT_DIR, { recursive: true })
  // Written aside and renamed: a second server starting at the same time never reads half a file.
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(tmp, file.contents)
    fs.renameSync(tmp, file.path)
  }
  const inputs = Object.keys(result.metafile.inputs).map((file) => path.relative(ROOT, path.resolve(process.cwd(), file)))
  fs.writeFileSync(`${INPUTS}.${process.pid}.tmp`, JSON.stringify({ startedAt, inputs }))
  fs.renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS)
  return OUT
}

module.exports = { bundleServer }
