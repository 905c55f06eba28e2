/**
 * The error code table of the wire protocol, from ERROR_CODES in server/errors.ts: one row per code
 * with its name, meaning and when the server answers it (`npx tsx scripts/errors-table.ts` prints it).
 */
import { ERROR_CODES, type ErrorCodeEntry } from '../server/errors'
import { markdownTable } from './markdown'

export function errorsMarkdown(): string {
  const codes = Object.entries(ERROR_CODES) as [string, ErrorCodeEntry][]
  return markdownTable(
    ['code', 'name', 'meaning', 'when'],
    codes.map(([code, { name, meaning, when }]) => [code, name, meaning, when]),
  )
}

if (require.main === module) console.log(errorsMarkdown())
