/**
 * Prints the role table: which roles may call each workspace operation, from the operations'
 * declarations (`access: 'member'`, `capability`, `rule`) and the capability table of
 * server/policies/roles.ts (`npm run roles`; docs/reference/roles.md carries it as Markdown,
 * written by `npm run readme`). Custom roles add the capabilities they grant.
 */
import { operations } from '../server/ops'
import { CAPABILITIES, type Capability, ROLES, roleCapabilities } from '../server/policies/roles'

/** An inviter is a user with the inviter flag. */
const held = Object.fromEntries(ROLES.map((r) => [r, r === 'inviter' ? roleCapabilities('user', true) : roleCapabilities(r)]))
const allows = (capability: Capability, role: string) => held[role].has(capability)

/** The operations declared with access 'member', sorted by name. */
export const memberOperations = () => operations.filter((op) => op.access === 'member').sort((a, b) => a.name.localeCompare(b.name))

export function rolesMarkdown(): string {
  const lines = [`| operation | capability | ${ROLES.join(' | ')} | also |`, `|---|---|${ROLES.map(() => ':---:').join('|')}|---|`]
  for (const op of memberOperations()) {
    const cap = op.capability!
    lines.push(`| \`${op.name}\` | \`${cap}\` | ${ROLES.map((r) => (allows(cap, r) ? '✓' : '—')).join(' | ')} | ${op.rule ?? ''} |`)
  }
  lines.push('', '| capability | roles |', '|---|---|')
  for (const cap of Object.keys(CAPABILITIES) as Capability[]) lines.push(`| \`${cap}\` | ${CAPABILITIES[cap].join(', ')} |`)
  lines.push('', 'An inviter is a user with the inviter flag: it holds what users hold plus the inviter row.')
  lines.push('A member with the feedAdmin flag holds `feed.admin` whatever their role.')
  lines.push('A custom role adds the capabilities it grants (any but `members.setOwner`).')
  return lines.join('\n')
}

if (require.main === module) {
  const ops = memberOperations()
  const width = Math.max(...ops.map((o) => o.name.length)) + 2
  console.log(`${'operation'.padEnd(width)}${'capability'.padEnd(20)}${ROLES.map((r) => r.padEnd(8)).join('')}also`)
  for (const op of ops) {
    const cap = op.capability!
    console.log(`${op.name.padEnd(width)}${cap.padEnd(20)}${ROLES.map((r) => (allows(cap, r) ? 'yes' : '-').padEnd(8)).join('')}${op.rule ?? ''}`)
  }
}
