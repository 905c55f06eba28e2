/** The README carries the generated tables as they are now: run `npm run readme` after a change. */
import fs from 'node:fs'
import { generatedSections, README, readSection } from '../scripts/readme'

test.each(Object.entries(generatedSections()))('the README %s table is current (npm run readme)', (name, body) => {
  const text = fs.readFileSync(README, 'utf8')
  expect(readSection(text, name)).toBe(body)
})
