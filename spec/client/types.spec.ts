/** client/ops.generated.ts is what scripts/client-types.ts writes from schemas/ now (npm run client:types). */
import fs from 'node:fs'
import { GENERATED_FILE, generateClientTypes, operationSchemas } from '../../scripts/client-types'

test('the generated operation types match schemas/', async () => {
  const current = fs.readFileSync(GENERATED_FILE, 'utf8')
  expect(current === (await generateClientTypes())).toBe(true)
  for (const { name } of operationSchemas()) expect(current).toContain(name.includes('.') ? `'${name}': {` : `${name}: {`)
}, 60_000)
