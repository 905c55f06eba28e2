/** A Markdown table cell: pipes escaped, so a `|` inside a text or code span does not split the row. */
export const cell = (text: string) => text.replace(/\|/g, '\\|')

/** A Markdown table of `header` and `rows`, one line each. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n')
}
