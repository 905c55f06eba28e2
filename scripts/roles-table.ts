/**
 * Prints the role table of server/policies/roles.ts: which roles may call each workspace operation
 * (`npm run roles`; the README carries it as Markdown, written by `npm run readme`). Custom roles add the capabilities they grant.
 */
import { CAPABILITIES, type Capability, OPERATION_CAPABILITY, OPERATION_NOTES, ROLES, roleCapabilities } from '../server/policies/roles'

/** An inviter is a user with the inviter flag. */
const held = Object.fromEntries(ROLES.map((r) => [r, r === 'inviter' ? roleCapabilities('user', true) : roleCapabilities(r)]))
const allows = (capability: Capability, role: string) => held[role].has(capability)
const operationNames = () => Object.keys(OPERATION_CAPABILITY).sort()

export function rolesMarkdown(): string {
  const lines = [`| operation | capability | ${ROLES.join(' | ')} | also |`, `|---|---|${ROLES.map(() => ':---:').join('|')}|---|`]
  for (const op of operationNames()) {
    const cap = OPERATION_CAPABILITY[op]
    lines.push(`| \`${op}\` | \`${cap}\` | ${ROLES.map((r) => (allows(cap, r) ? '✓' : '—')).join(' | ')} | ${OPERATION_NOTES[op] ?? ''} |`)
  }
  lines.push('', '| capability | roles |', '|---|---|')
  for (const cap of Object.keys(CAPABILITIES) as Capability[]) lines.push(`| \`${cap}\` | ${CAPABILITIES[cap].join(', ')} |`)
  lines.push('', 'An inviter is a user with the inviter flag: it holds what users hold plus the inviter row.')
  lines.push('A custom role adds the capabilities it grants (any but `members.setOwner`).')
  return lines.join('\n')
}

if (require.main === module) {
  const ops = operationNames()
  const width = Math.max(...ops.map((o) => o.length)) + 2
  console.log(`${'operation'.padEnd(width)}${'capability'.padEnd(20)}${ROLES.map((r) => r.padEnd(8)).join('')}also`)
  for (const op of ops) {
    const cap = OPERATION_CAPABILITY[op]
    console.log(`${op.padEnd(width)}${cap.padEnd(20)}${ROLES.map((r) => (allows(cap, r) ? 'yes' : '-').padEnd(8)).join('')}${OPERATION_NOTES[op] ?? ''}`)
  }
}
