/**
 * The registry: one entry per operation name, built at boot from the explicit list in
 * server/ops/index.ts and the schemas in schemas/ops, and checked there:
 * - two declarations of one name, or an operation without a schema, stop the boot;
 * - an added operation's schema without a declaration stops the boot;
 * - an interface operation without a declaration is registered as "not built yet" (501).
 */
import { RpcError } from '../errors'
import type { RoleTable } from '../policies/roles'
import type { Operation } from './operation'
import { loadOperationSchemas, type OperationArgs } from './schemas'

export interface Entry extends OperationArgs {
  op: Operation
  built: boolean
}

export type Registry = Map<string, Entry> & { roleTable: RoleTable }

/** The role table: each operation declared with access 'member', and its capability. */
export function roleTableOf(operations: Operation[]): RoleTable {
  return new Map(operations.filter((op) => op.access === 'member').map((op) => [op.name, op.capability!] as const))
}

export function buildRegistry(operations: Operation[], schemas = loadOperationSchemas()): Registry {
  const registry = Object.assign(new Map<string, Entry>(), { roleTable: roleTableOf(operations) })
  const problems: string[] = []
  for (const op of operations) {
    const args = schemas.get(op.name)
    if (op.access === 'member' && !op.capability) problems.push(`${op.name}: access 'member' without a capability`)
    if (registry.has(op.name)) problems.push(`${op.name}: declared twice`)
    else if (!args) problems.push(`${op.name}: no schema in schemas/ops/${op.name}.json`)
    else registry.set(op.name, { ...args, op, built: true })
  }
  for (const [name, args] of schemas) {
    if (registry.has(name)) continue
    if (args.schema['x-source'] === 'added') problems.push(`${name}: schema of an added operation that is not declared`)
    else registry.set(name, { ...args, op: notBuilt(name), built: false })
  }
  if (problems.length) throw new Error(`operation registry:\n  ${problems.join('\n  ')}`)
  return registry
}

function notBuilt(name: string): Operation {
  return {
    name,
    access: 'public',
    async run() {
      throw notBuiltError(name)
    },
  }
}

export const notBuiltError = (name: string) => new RpcError(501, `${name} is part of the interface but not built yet`)

export const namespaceOf = (name: string) => name.split('.').slice(0, -1).join('.') || '(none)'
