/** Every generated file and section of the documentation is current: run `npm run readme` after a change. */
import fs from 'node:fs'
import path from 'node:path'
import { GENERATED, readSection, ROOT } from '../scripts/readme'

test.each(GENERATED.map((g) => ({ ...g, what: g.section ? `the ${g.section} section` : 'the whole file' })))(
  '$file: $what is current (npm run readme)',
  ({ file, section, generate }) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
    expect(section ? readSection(text, section) : text).toBe(section ? generate().trimEnd() : generate())
  },
)
