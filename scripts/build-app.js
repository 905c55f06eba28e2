// Builds the web app (app/, React + Vite) into .build/app/ when one of its sources changed since the
// last build: hashed asset names, and a brotli (.br) and a gzip (.gz) copy beside each asset, so the
// server sends them without compressing anything itself. Prints the size of the JavaScript the first
// screen loads. Run by `npm start` before the server starts (the server never builds; when the build
// is current this costs a listing of the sources). Plain JavaScript: it runs before anything else.
const fs = require('node:fs')
const path = require('node:path')
const zlib = require('node:zlib')

const ROOT = path.join(__dirname, '..')
const OUT = path.join(ROOT, '.build', 'app')
const INPUTS = path.join(ROOT, '.build', 'app.inputs.json')
/** What the app is made of: its own folder, the client it calls through, and the locked packages. */
const SOURCES = ['app', 'client', 'schemas/types.generated.ts', 'package-lock.json', 'scripts/build-app.js']
const COMPRESSED = /\.(js|css|html|svg|json|map|txt)$/
/** The budget for the first screen's JavaScript, gzip-compressed (the larger of the two; docs/app.md). */
const FIRST_SCREEN_BUDGET = 200 * 1024

/** Every source file, relative to the project folder, in a stable order. */
function sourceFiles() {
  const files = []
  for (const entry of SOURCES) {
    const full = path.join(ROOT, entry)
    if (!fs.existsSync(full)) continue
    if (fs.statSync(full).isFile()) files.push(entry)
    else
      for (const file of fs.readdirSync(full, { recursive: true })) {
        const relative = path.join(entry, String(file))
        if (!relative.includes('node_modules') && fs.statSync(path.join(ROOT, relative)).isFile()) files.push(relative)
      }
  }
  return files.sort()
}

/** True when the build exists, it was made from the same files, and none was changed after it started. */
function isCurrent(files = sourceFiles()) {
  try {
    const { startedAt, inputs } = JSON.parse(fs.readFileSync(INPUTS, 'utf8'))
    if (!fs.existsSync(path.join(OUT, 'index.html'))) return false
    if (inputs.join('\n') !== files.join('\n')) return false
    return files.every((file) => fs.statSync(path.join(ROOT, file)).mtimeMs < startedAt)
  } catch {
    return false
  }
}

function compress(dir) {
  for (const file of fs.readdirSync(dir, { recursive: true })) {
    const full = path.join(dir, String(file))
    if (!COMPRESSED.test(full) || !fs.statSync(full).isFile()) continue
    const bytes = fs.readFileSync(full)
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }))
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }))
  }
}

/**
 * The JavaScript the first screen loads: the entry chunk and every chunk it imports statically
 * (what index.html asks for), from Vite's manifest. Lazy chunks (React.lazy screens, CodeMirror)
 * are left out. Sizes in bytes: as built, brotli and gzip.
 */
function firstScreenSize(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'))
  const chunks = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || chunks.has(chunk.file)) return
    chunks.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  const size = { files: [...chunks], raw: 0, br: 0, gz: 0 }
  for (const file of chunks) {
    size.raw += fs.statSync(path.join(dir, file)).size
    size.br += fs.statSync(path.join(dir, `${file}.br`)).size
    size.gz += fs.statSync(path.join(dir, `${file}.gz`)).size
  }
  return size
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** Builds the app when it is not current; resolves with the output folder. `force` builds anyway. */
async function buildApp({ force = false, quiet = false } = {}) {
  const files = sourceFiles()
  if (!force && isCurrent(files)) return OUT
  const startedAt = Date.now()
  const say = quiet ? () => {} : (line) => console.error(line)
  say('building the web app (app/ changed) ...')
  const { build } = await import('vite')
  // Built aside and swapped in: a server running meanwhile keeps serving the previous build whole.
  const tmp = `${OUT}.${process.pid}.tmp`
  fs.rmSync(tmp, { recursive: true, force: true })
  await build({ mode: 'production', configFile: path.join(ROOT, 'app', 'vite.config.mts'), build: { outDir: tmp, emptyOutDir: true }, logLevel: 'warn' })
  compress(tmp)
  const size = firstScreenSize(tmp)
  const old = `${OUT}.${process.pid}.old`
  try {
    fs.renameSync(OUT, old)
  } catch {
    // No previous build, or another process starting at the same time swapped its own in.
  }
  try {
    fs.renameSync(tmp, OUT)
  } catch (err) {
    if (!fs.existsSync(path.join(OUT, 'index.html'))) throw err
  }
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.rmSync(old, { recursive: true, force: true })
  fs.writeFileSync(`${INPUTS}.${process.pid}.tmp`, JSON.stringify({ startedAt, inputs: files, firstScreen: size }))
  fs.renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS)
  say(
    `web app built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: first screen JavaScript ${kb(size.br)} brotli, ${kb(size.gz)} gzip ` +
      `(${kb(size.raw)} as built; budget ${kb(FIRST_SCREEN_BUDGET)})`,
  )
  if (size.gz > FIRST_SCREEN_BUDGET) say(`warning: the first screen's JavaScript is over its budget of ${kb(FIRST_SCREEN_BUDGET)}`)
  return OUT
}

module.exports = { buildApp, firstScreenSize, isCurrent, APP_OUT: OUT, FIRST_SCREEN_BUDGET }

if (require.main === module)
  buildApp({ force: process.argv.includes('--force') }).catch((err) => {
    console.error(err)
    process.exit(1)
  })
