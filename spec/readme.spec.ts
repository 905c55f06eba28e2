/** Every generated section of the documentation is current in its file: run `npm run readme` after a change. */
import fs from 'node:fs'
import path from 'node:path'
import { GENERATED, readSection, ROOT } from '../scripts/readme'

test.each(GENERATED)('$file: the $section section is current (npm run readme)', ({ file, section, generate }) => {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
  expect(readSection(text, section)).toBe(generate())
})
