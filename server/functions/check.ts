/**
 * v2.process.validateFunction's check of a function body, never running it: compiled in the
 * sandbox (QuickJS, as evaluation will) for the errors, with their line and column in the body;
 * parsed with acorn for the warnings: no `return` (the field would always be empty) and `dep.x`
 * where x is not one of the given variable names.
 */
import { parse } from 'acorn'
import type { FunctionEngine } from '../context'

export interface FunctionMessage {
  message: string
  /** 1-based; null when the message is about the body as a whole. */
  line: number | null
  column: number | null
}

export interface FunctionCheck {
  valid: boolean
  errors: FunctionMessage[]
  warnings: FunctionMessage[]
}

const OPTIONS = { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true, locations: true } as const

export async function checkFunctions(evaluator: FunctionEngine, items: { body: string; variableNames?: string[] }[]): Promise<FunctionCheck[]> {
  const compiled = await evaluator.check(items.map((i) => i.body))
  return items.map(({ body, variableNames }, i) => {
    const error = compiled[i]
    if (error) return { valid: false, errors: [error], warnings: [] }
    return { valid: true, errors: [], warnings: warnings(body, variableNames) }
  })
}

function warnings(body: string, variableNames?: string[]): FunctionMessage[] {
  let tree
  try {
    tree = parse(body, OPTIONS)
  } catch {
    return [] // syntax QuickJS accepts and acorn does not: nothing to warn about
  }
  const out: FunctionMessage[] = []
  let returns = false
  const known = variableNames ? new Set(variableNames) : null
  visit(tree, (node) => {
    if (node.type === 'ReturnStatement') returns = true
    if (node.type !== 'MemberExpression' || !known || node.object.type !== 'Identifier' || node.object.name !== 'dep') return
    const name = node.computed ? (node.property.type === 'Literal' ? String(node.property.value) : null) : node.property.name
    if (name !== null && !known.has(name))
      out.push({ message: `dep.${name} is not one of the function's variables`, line: node.loc.start.line, column: node.loc.start.column + 1 })
  })
  if (!returns && body.trim()) out.unshift({ message: 'the function never returns a value: the field stays empty', line: null, column: null })
  return out
}

/** Every node of an ESTree, depth first (iterative: a deeply nested body cannot overflow the stack). */
function visit(root: unknown, fn: (node: any) => void): void {
  const stack = [root]
  while (stack.length) {
    const node = stack.pop() as any
    if (!node || typeof node !== 'object') continue
    if (Array.isArray(node)) {
      stack.push(...node)
      continue
    }
    if (typeof node.type === 'string') fn(node)
    for (const [key, value] of Object.entries(node)) if (key !== 'loc' && value && typeof value === 'object') stack.push(value)
  }
}
