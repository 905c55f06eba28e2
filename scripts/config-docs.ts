/**
 * The text of .env.example and docs/configuration.md, from VARIABLES in server/config.ts
 * (`npm run readme` writes them; spec/readme.spec.ts fails when either is stale).
 */
import { type Variable, VARIABLES } from '../server/config'
import { markdownTable } from './markdown'

const variables: readonly Variable[] = VARIABLES
const WRITTEN_BY = 'Written by `npm run readme` from VARIABLES in server/config.ts: change a variable there.'

/** `text` as comment lines of at most 100 characters (a longer word keeps its own line). */
function comment(text: string): string[] {
  const lines: string[] = []
  let line = '#'
  for (const word of text.split(' ')) {
    if (line !== '#' && line.length + 1 + word.length > 100) {
      lines.push(line)
      line = '#'
    }
    line += ` ${word}`
  }
  return [...lines, line]
}

/** A value as the env file format reads it back: quoted when it holds a space, a quote or a #. */
const envValue = (value: string) => (/[\s"'`#]/.test(value) ? JSON.stringify(value) : value)

export function envExampleText(): string {
  const header = [
    '# Copy to .env and change what you need: the server reads .env from its working directory at start.',
    '# Variables set in the environment win over the file. ENV_FILE (in the environment) names another',
    '# file to read instead; ENV_FILE= (empty) reads none. An empty variable is the same as an unset one.',
    ...comment(WRITTEN_BY),
  ]
  const entries = variables.map((v) => [...comment(v.doc), `# type: ${v.read.type}`, `${v.env}=${envValue(String(v.default ?? ''))}`].join('\n'))
  return `${[header.join('\n'), ...entries].join('\n\n')}\n`
}

/** The variables a first deployment sets, in the README's table. */
export const MOST_USED = ['PORT', 'DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'ALLOWED_ORIGINS']

const variablesTable = (which: readonly Variable[]) =>
  markdownTable(
    ['variable', 'type', 'default', 'what it does'],
    which.map((v) => [`\`${v.env}\``, v.read.type, v.default === undefined ? '—' : `\`${v.default}\``, v.doc]),
  )

export const mostUsedMarkdown = () => variablesTable(MOST_USED.map((env) => variables.find((v) => v.env === env)!))

export function configurationMarkdown(): string {
  return `<!-- ${WRITTEN_BY} -->

# Configuration

The server is configured by environment variables, each listed below and in
[.env.example](../.env.example) with its default. At start the server also reads \`.env\` in its
working directory (copy \`.env.example\` there; the format of \`node --env-file\`, parsed by Node's own
\`util.parseEnv\`); a variable set in the environment wins over the file, and an empty variable is the
same as an unset one. A missing \`.env\` is fine. \`ENV_FILE=path\` in the environment reads that file
instead (a missing one stops the start), \`ENV_FILE=\` (empty) reads none; the tests set it empty so a
developer's \`.env\` never reaches them. A bad value stops the start with a message naming every bad
variable (exit code 2).

A variable is one entry of \`VARIABLES\` in [server/config.ts](../server/config.ts): its name, the
\`Config\` property it sets, how it is read (type and bounds), its default and one line of doc. The
\`Config\` type and \`loadConfig\` follow from that list; \`npm run readme\` writes this page and
\`.env.example\` from it.

${variablesTable(variables)}
`
}
