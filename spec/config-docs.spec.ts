/**
 * Configuration declared once: every variable the server reads is one of VARIABLES, and .env.example
 * (written from them by `npm run readme`; spec/readme.spec.ts checks it is current) configures the
 * server as no variable does. Needs no server.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { loadConfig, type Variable, VARIABLES } from '../server/config'
import { envExampleText } from '../scripts/config-docs'

const SERVER = path.join(__dirname, '..', 'server')
const variables: readonly Variable[] = VARIABLES

/** ENV_FILE picks the file the other variables are read from, so it is read from the environment alone; .env.example's header describes it. */
const READ_BEFORE_THE_FILE = ['ENV_FILE']

const serverSources = () =>
  (fs.readdirSync(SERVER, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, text: fs.readFileSync(path.join(SERVER, file), 'utf8') }))

test('.env.example copied as it is configures the server as no variable does', () => {
  expect(loadConfig(parseEnv(envExampleText()))).toEqual(loadConfig({}))
})

test('each variable, and each Config property, is declared once', () => {
  const names = variables.map((v) => v.env)
  const keys = variables.flatMap((v) => v.key ?? [])
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
  expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([])
})

test('every variable read in server/ is one of VARIABLES, and only config.ts takes the whole environment', () => {
  const listed = new Set([...variables.map((v) => v.env), ...READ_BEFORE_THE_FILE])
  const unlisted: string[] = []
  const wholeEnvironment: string[] = []
  for (const { file, text } of serverSources()) {
    for (const [, dotted, bracketed] of text.matchAll(/\b(?:process\.)?env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"`]([^'"`]+)['"`]\s*\])/g)) {
      const name = dotted ?? bracketed
      if (!listed.has(name)) unlisted.push(`${file}: ${name}`)
    }
    if (/process\.env(?![.[\w])/.test(text)) wholeEnvironment.push(file)
  }
  expect(unlisted).toEqual([])
  expect(wholeEnvironment).toEqual(['config.ts'])
})
