/**
 * Imports point down. Every file under server/ belongs to a layer (its folder, or its own name for a
 * file at the top of server/) and imports only from its own layer and the layers below it; names in
 * one entry are peers (scripts/layers.ts declares them). Read from the import lines: no server needed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { LAYERS } from '../scripts/layers'

const SERVER = path.join(__dirname, '..', 'server')
const rank = new Map(LAYERS.flatMap((entry, i) => [entry].flat().map((name) => [name, i] as const)))
const layerOf = (file: string) => path.relative(SERVER, file).split(path.sep)[0].replace(/\.ts$/, '')

/** The server files `file` imports (import, export … from, import(), require()), by the path they resolve to. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:\bfrom|\bimport|\brequire)\s*\(?\s*'(\.[^']*)'/g)].flatMap(([, specifier]) => {
    const base = path.resolve(path.dirname(file), specifier)
    const found = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate))
    // Only server files: schemas/types.generated.ts (types only, importing nothing) sits below every layer.
    return found?.startsWith(SERVER + path.sep) ? [found] : []
  })
}

const files = fs.readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))
const graph = new Map(files.map((file) => path.join(SERVER, file)).map((file) => [file, importsOf(file)]))
const name = (file: string) => path.relative(SERVER, file)

test('every file under server/ belongs to a layer', () => {
  expect([...graph.keys()].filter((file) => !rank.has(layerOf(file))).map(name)).toEqual([])
})

test('no import runs upward', () => {
  const upward = [...graph].flatMap(([file, imports]) =>
    imports.filter((target) => rank.get(layerOf(target))! < rank.get(layerOf(file))!).map((target) => `${name(file)} -> ${name(target)}`),
  )
  expect(upward).toEqual([])
})

test('outside functions/, the engine is reached through functions/index.ts', () => {
  const inside = (file: string) => layerOf(file) === 'functions'
  const reaching = [...graph].flatMap(([file, imports]) =>
    inside(file)
      ? []
      : imports.filter((target) => inside(target) && name(target) !== path.join('functions', 'index.ts')).map((target) => `${name(file)} -> ${name(target)}`),
  )
  expect(reaching).toEqual([])
})

test('no file imports itself through others', () => {
  const done = new Set<string>()
  const cycles: string[] = []
  const visit = (file: string, trail: string[]) => {
    if (trail.includes(file)) return void cycles.push([...trail.slice(trail.indexOf(file)), file].map(name).join(' -> '))
    if (done.has(file)) return
    for (const target of graph.get(file)!) visit(target, [...trail, file])
    done.add(file)
  }
  for (const file of graph.keys()) visit(file, [])
  expect(cycles).toEqual([])
})
