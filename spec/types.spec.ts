/** schemas/types.generated.ts is what scripts/types.ts writes from schemas/ and server/ops now: run `npm run types` after changing either. */
import fs from 'node:fs'
import { generateTypes, operationSchemas, TYPES_FILE } from '../scripts/types'

test('the generated types match schemas/ and the read-only flags of server/ops (npm run types)', async () => {
  const current = fs.readFileSync(TYPES_FILE, 'utf8')
  expect(current === (await generateTypes())).toBe(true)
  const tuples = current.slice(current.indexOf('export interface OperationArgs {'))
  for (const { name } of operationSchemas()) expect(tuples).toContain(name.includes('.') ? `'${name}': [` : `${name}: [`)
}, 60_000)
