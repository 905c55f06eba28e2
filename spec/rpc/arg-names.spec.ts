/**
 * A handler names its parameters as its schema's x-argNames names the arguments, so the name in a
 * 400 ("argument 1 (field/label) …"), the schema and the code agree. No server needed.
 *
 * Allowed besides the name itself: `_name` for a parameter the handler does not use, `name_` for a
 * name strict mode reserves (`public`), a rest parameter (`...args`) for a handler that passes the
 * arguments on, and fewer parameters than arguments.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'acorn'
import { operations } from '../../server/ops'
import { SCHEMA_DIR } from '../../server/rpc/schemas'
import { parameterName } from '../../scripts/types'

/**
 * One handler serves the three repair variants of a kind, and the interface names the argument of
 * the force variant `path` and of the two others `options`: the handler takes the majority's name.
 */
const SHARED: Record<string, string[]> = {
  'v3.activity.forceRepairPath': ['options'],
  'v3.activity.forceRepairWorkflowPath': ['options'],
}

/** The parameter names of a function, a method or an arrow function, from its source text. */
function parameterNames(fn: Function): string[] {
  const source = fn.toString()
  let node: any
  try {
    node = (parse(`(${source})`, { ecmaVersion: 'latest' }) as any).body[0].expression
  } catch {
    // A method (`async run(ctx, a) {…}`) reads as an expression only inside an object literal.
    node = (parse(`({ ${source} })`, { ecmaVersion: 'latest' }) as any).body[0].expression.properties[0].value
  }
  return node.params.map((param: any) => {
    const target = param.type === 'AssignmentPattern' ? param.left : param
    if (target.type === 'RestElement') return '...'
    return target.type === 'Identifier' ? target.name : `(${target.type})`
  })
}

function differences(names: string[], argNames: string[]): string[] {
  const out: string[] = []
  for (const [i, name] of names.entries()) {
    if (name === '...') break
    const expected = parameterName(argNames[i] ?? `#${i}`)
    if (name !== expected && name !== `_${expected}`) out.push(`${i}: ${name}, not ${expected}`)
  }
  return out
}

test("every handler's parameters are named as its schema's x-argNames", () => {
  const problems: string[] = []
  for (const op of operations) {
    const argNames: string[] = SHARED[op.name] ?? JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, 'ops', `${op.name}.json`), 'utf8'))['x-argNames']
    for (const [part, fn] of [
      ['run', op.run],
      ['workspace', op.workspace],
    ] as const) {
      if (!fn) continue
      const found = differences(parameterNames(fn).slice(1), argNames)
      if (found.length) problems.push(`${op.name} ${part}: ${found.join('; ')}`)
    }
  }
  expect(problems).toEqual([])
})
