/**
 * Generates schemas/ from docs/interface.md plus the hand-written sources in
 * scripts/schema-sources/:
 *
 *   schemas/defs.json            shared definitions
 *   schemas/records/<name>.json  records of "Resources and their fields"
 *   schemas/ops/<op>.json        positional arguments of every interface RPC operation
 *
 * Existing files are never overwritten unless --force is given: after the first
 * generation the files in schemas/ are the source of truth and are edited by hand.
 * Exits 1 (listing names) when the interface has an operation the hand-written
 * table does not cover, when the table has an operation the interface does not
 * name, or when a table entry disagrees with the interface row (argument count
 * or optionality) without an `interpret` note.
 *
 * Usage: npx tsx scripts/generate-schemas.ts [--force] [--dry-run]
 */
import * as fs from 'fs'
import * as path from 'path'
import { interfaceOperations, parseArgList } from './interface-ops'
import { OPS, OpDef } from './schema-sources/ops'
import { defs, records } from './schema-sources/defs'
import { BASE_URI, DRAFT, Schema, nullable } from './schema-sources/helpers'

const ROOT = path.join(__dirname, '..')
const SCHEMAS = path.join(ROOT, 'schemas')

interface Planned {
  file: string
  content: Schema
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

export function buildOperationSchema(op: { name: string; args: string; returns: string }, def: OpDef): { schema: Schema; problems: string[] } {
  const problems: string[] = []
  const parsed = parseArgList(op.args)
  if (parsed.items === null && !def.interpret) problems.push(`${op.name}: argument list not parseable and no interpret note`)
  if (parsed.items !== null && parsed.items.length !== def.args.length && !def.interpret) {
    problems.push(`${op.name}: interface lists ${parsed.items.length} argument(s), table has ${def.args.length} and no interpret note`)
  }
  const optional = def.args.map((arg, i) => {
    const p = parsed.items?.[i]?.optional
    if (arg.optional !== undefined && p !== undefined && arg.optional !== p && !def.interpret) {
      problems.push(`${op.name}: argument ${arg.name} optionality differs from the interface and no interpret note`)
    }
    return arg.optional ?? p ?? false
  })
  let lastRequired = -1
  optional.forEach((o, i) => {
    if (!o) lastRequired = i
  })
  const notes: string[] = []
  const prefixItems = def.args.map((arg, i) => {
    let s = arg.schema
    if (optional[i] && i < lastRequired) {
      notes.push(`argument ${i + 1} (${arg.name}) is optional but precedes a required argument: it counts in minItems and null skips it`)
      s = nullable(s)
    } else if (optional[i] && i < def.args.length - 1) {
      notes.push(`optional argument ${i + 1} (${arg.name}) accepts null when a later argument is given`)
      s = nullable(s)
    } else if (arg.nullable) {
      s = nullable(s)
    }
    return s
  })
  for (const arg of def.args) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(arg.name)) problems.push(`${op.name}: argument name ${arg.name} is not camelCase`)
  }
  let description = `Arguments: ${oneLine(op.args)}. Returns: ${op.returns === 'R' ? 'not shown (R)' : oneLine(op.returns)}.`
  if (parsed.shapeNotShown) description += ' (A): the interface does not show the shape; this schema is a designed, bounded shape.'
  if (def.interpret) description += ` Interpretation: ${def.interpret}.`
  if (notes.length) description += ` Note: ${notes.join('; ')}.`
  if (def.note) description += ` ${def.note}.`
  const schema: Schema = {
    $schema: DRAFT,
    $id: `${BASE_URI}ops/${op.name}.json`,
    title: op.name,
    description: oneLine(description),
    'x-source': 'interface',
    'x-argNames': def.args.map((a) => a.name),
    type: 'array',
    // the 2020-12 meta-schema requires a non-empty prefixItems: omit it for operations without arguments
    ...(prefixItems.length ? { prefixItems } : {}),
    minItems: lastRequired + 1,
    maxItems: def.args.length,
  }
  if (def.returns) schema['x-returns'] = def.returns
  return { schema, problems }
}

function plan(): { files: Planned[]; problems: string[]; missing: string[]; unknown: string[]; count: number } {
  const ops = interfaceOperations()
  const names = new Set(ops.map((o) => o.name))
  const missing = ops.filter((o) => !(o.name in OPS)).map((o) => o.name)
  const unknown = Object.keys(OPS).filter((n) => !names.has(n))
  const problems: string[] = []
  const files: Planned[] = []

  const dupes = ops.map((o) => o.name).filter((n, i, all) => all.indexOf(n) !== i)
  for (const d of dupes) problems.push(`${d}: listed more than once in the interface`)

  const defsDoc: Schema = JSON.parse(
    JSON.stringify({
      $schema: DRAFT,
      $id: `${BASE_URI}defs.json`,
      title: 'Shared definitions',
      description: 'Shared definitions for the operation and record schemas (docs/interface.md).',
      $defs: defs(),
    })
      .split('../defs.json#')
      .join('#'),
  )
  files.push({ file: 'defs.json', content: defsDoc })

  for (const [kebab, r] of Object.entries(records())) {
    files.push({
      file: `records/${kebab}.json`,
      content: { $schema: DRAFT, $id: `${BASE_URI}records/${kebab}.json`, title: r.title, description: r.description, ...r.schema },
    })
  }

  for (const op of ops) {
    const def = OPS[op.name]
    if (!def) continue
    const { schema, problems: p } = buildOperationSchema(op, def)
    problems.push(...p)
    files.push({ file: `ops/${op.name}.json`, content: schema })
  }
  return { files, problems, missing, unknown, count: ops.length }
}

function main(): void {
  const argv = process.argv.slice(2)
  const force = argv.includes('--force')
  const dryRun = argv.includes('--dry-run')
  const { files, problems, missing, unknown, count } = plan()
  let failed = false
  if (missing.length) {
    console.error(`Interface operations without an entry in scripts/schema-sources/ops.ts (${missing.length}):`)
    for (const m of missing) console.error(`  ${m}`)
    failed = true
  }
  if (unknown.length) {
    console.error(`Entries in scripts/schema-sources/ops.ts that are not interface operations (${unknown.length}):`)
    for (const u of unknown) console.error(`  ${u}`)
    failed = true
  }
  if (problems.length) {
    console.error(`Table entries that disagree with the interface (${problems.length}):`)
    for (const p of problems) console.error(`  ${p}`)
    failed = true
  }
  if (failed) process.exit(1)

  let written = 0
  let skipped = 0
  for (const f of files) {
    const target = path.join(SCHEMAS, f.file)
    if (fs.existsSync(target) && !force) {
      skipped++
      continue
    }
    if (!dryRun) {
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, JSON.stringify(f.content, null, 2) + '\n')
    }
    written++
  }
  console.log(
    `${count} interface operations; ${files.length} schema files: ${written} ${dryRun ? 'would be ' : ''}written, ${skipped} kept (existing; use --force to overwrite)`,
  )
}

if (require.main === module) main()
