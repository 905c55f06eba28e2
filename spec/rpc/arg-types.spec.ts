/** Handler argument types are generated from schemas/: run `npm run types` after changing a schema. */
import fs from 'node:fs'
import { ARG_TYPES_FILE, generateArgTypes } from '../../scripts/arg-types'

test('server/rpc/args.generated.ts is current with schemas/ (npm run types)', async () => {
  expect(fs.readFileSync(ARG_TYPES_FILE, 'utf8')).toBe(await generateArgTypes())
})
