/**
 * Prints the role table of server/policies/roles.ts: which roles may call each workspace operation
 * (`npm run roles`; add `-- --markdown` for the README). Custom roles add the capabilities they grant.
 */
import { CAPABILITIES, type Capability, OPERATION_CAPABILITY, OPERATION_NOTES, ROLES, roleCapabilities } from '../server/policies/roles'

const markdown = process.argv.includes('--markdown')
/** An inviter is a user with the inviter flag. */
const held = Object.fromEntries(ROLES.map((r) => [r, r === 'inviter' ? roleCapabilities('user', true) : roleCapabilities(r)]))
const allows = (capability: Capability, role: string) => held[role].has(capability)
const ops = Object.keys(OPERATION_CAPABILITY).sort()

if (markdown) {
  console.log(`| operation | capability | ${ROLES.join(' | ')} | also |`)
  console.log(`|---|---|${ROLES.map(() => ':---:').join('|')}|---|`)
  for (const op of ops) {
    const cap = OPERATION_CAPABILITY[op]
    console.log(`| \`${op}\` | \`${cap}\` | ${ROLES.map((r) => (allows(cap, r) ? '✓' : '—')).join(' | ')} | ${OPERATION_NOTES[op] ?? ''} |`)
  }
  console.log('\n| capability | roles |\n|---|---|')
  for (const cap of Object.keys(CAPABILITIES) as Capability[]) console.log(`| \`${cap}\` | ${CAPABILITIES[cap].join(', ')} |`)
  console.log('\nAn inviter is a user with the inviter flag: it holds what users hold plus the inviter row.')
  console.log('A custom role adds the capabilities it grants (any but `members.setOwner`).')
} else {
  const width = Math.max(...ops.map((o) => o.length)) + 2
  console.log(`${'operation'.padEnd(width)}${'capability'.padEnd(20)}${ROLES.map((r) => r.padEnd(8)).join('')}also`)
  for (const op of ops) {
    const cap = OPERATION_CAPABILITY[op]
    console.log(`${op.padEnd(width)}${cap.padEnd(20)}${ROLES.map((r) => (allows(cap, r) ? 'yes' : '-').padEnd(8)).join('')}${OPERATION_NOTES[op] ?? ''}`)
  }
}
