// Bundles server/ into .build/server.js with esbuild (one file: no TypeScript loader, one module
// resolution per package instead of one per file) and returns its path. The bundle is generated, not
// committed; it is rebuilt only when one of its inputs (or this file) changed since it was written.
// Plain JavaScript: it runs before anything else is loaded.
const fs = require('node:fs')
const path = require('node:path')

const ROOT = path.join(__dirname, '..')
const OUT_DIR = path.join(ROOT, '.build')
const OUT = path.join(OUT_DIR, 'server.js')
const INPUTS = path.join(OUT_DIR, 'server.inputs.json')
const ENTRY = path.join(ROOT, 'server', 'main.ts')
// ESM-only packages go into the bundle (a CommonJS bundle cannot require them on every Node 20);
// every other package is loaded from node_modules as usual.
const BUNDLED_PACKAGES = ['nanoid', 'jose', 'request-filtering-agent']

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
  const { dependencies } = require(path.join(ROOT, 'package.json'))
  const external = Object.keys(dependencies)
    .filter((name) => !BUNDLED_PACKAGES.includes(name))
    .flatMap((name) => [name, `${name}/*`])
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    plugins: [sourcePaths],
    sourcemap: 'inline',
    metafile: true,
    write: false,
    logLevel: 'warning',
  })
  fs.mkdirSync(OUT_DIR, { recursive: true })
  // Written aside and renamed: a second server starting at the same time never reads half a file.
  const tmp = `${OUT}.${process.pid}.tmp`
  fs.writeFileSync(tmp, result.outputFiles[0].contents)
  fs.renameSync(tmp, OUT)
  const inputs = Object.keys(result.metafile.inputs).map((file) => path.relative(ROOT, path.resolve(process.cwd(), file)))
  fs.writeFileSync(`${INPUTS}.${process.pid}.tmp`, JSON.stringify({ startedAt, inputs }))
  fs.renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS)
  return OUT
}

module.exports = { bundleServer }
