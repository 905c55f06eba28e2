/**
 * Parser for the RPC operation tables of docs/reference/interface.md.
 *
 * Used by spec/schemas.spec.ts. Only the
 * tables under "## Endpoints" whose header starts with "| Operation |" are
 * operation tables (the plain HTTP routes table is not). Each table lives
 * under a "### Heading (`prefix.*`, ...)" heading; a row whose first cell does
 * not already start with one of the heading's prefixes is a short name and
 * gets the first prefix prepended (e.g. `ball.take` under
 * "### Activity (`v3.activity.*`)" is `v3.activity.ball.take`).
 */
import * as fs from 'fs'
import * as path from 'path'

export interface InterfaceOperation {
  /** full dotted operation name, e.g. `v3.activity.ball.take` */
  name: string
  /** the name minus its last segment, e.g. `v3.activity.ball` */
  namespace: string
  /** the raw "Arguments" cell */
  args: string
  /** the raw "Returns" cell */
  returns: string
  /** one-line description: the prose of the argument cell outside the bracketed list (may be empty) */
  description: string
}

export interface ParsedArg {
  /** raw text of the list item */
  text: string
  /** a `?` marks the item optional (outside backtick code and parentheses), or the list is "(all optional)" */
  optional: boolean
}

export interface ParsedArgList {
  /** null when the argument cell has no leading `[...]` list (e.g. "same argument as explainNode") */
  items: ParsedArg[] | null
  /** text after the closing `]` of the list */
  rest: string
  /** text of the list after a top-level `;` (commentary inside the brackets) */
  innerComment: string
  /** true when the cell contains "(A)": the argument list or an argument has a shape that is not shown */
  shapeNotShown: boolean
}

export const INTERFACE_PATH = path.join(__dirname, '..', 'docs', 'reference', 'interface.md')

function splitRow(line: string): string[] {
  const t = line.trim()
  if (!t.startsWith('|')) return []
  const inner = t.replace(/^\|/, '').replace(/\|$/, '')
  return inner.split('|').map((c) => c.trim())
}

function headingPrefixes(heading: string): string[] {
  const out: string[] = []
  const re = /`([A-Za-z0-9_.]+)\.\*`/g
  let m: RegExpExecArray | null
  while ((m = re.exec(heading))) out.push(m[1] + '.')
  return out
}

/** Strip backtick code spans and parenthesised text at depth 0 (used to find `?` markers). */
function stripCodeAndParens(s: string): string {
  let out = ''
  let inCode = false
  let paren = 0
  for (const ch of s) {
    if (ch === '`') {
      inCode = !inCode
      continue
    }
    if (inCode) continue
    if (ch === '(') {
      paren++
      continue
    }
    if (ch === ')') {
      if (paren > 0) paren--
      continue
    }
    if (paren === 0) out += ch
  }
  return out
}

/**
 * Split the leading `[...]` argument list of an argument cell into items.
 * Commas split items only at depth 0 (outside backticks, (), [], {}).
 * A `;` at depth 0 inside the list starts commentary that runs to the closing `]`.
 */
export function parseArgList(cell: string): ParsedArgList {
  const text = cell.trim()
  const shapeNotShown = /\(A\)/.test(text)
  if (!text.startsWith('[')) return { items: null, rest: text, innerComment: '', shapeNotShown }
  let depth = 0 // (), [], {} nesting inside the list
  let inCode = false
  let cur = ''
  let comment = ''
  let inComment = false
  const raw: string[] = []
  let end = -1
  for (let i = 1; i < text.length; i++) {
    const ch = text[i]
    if (ch === '`') inCode = !inCode
    if (!inCode) {
      if (ch === '(' || ch === '[' || ch === '{') depth++
      else if (ch === ')' || ch === '}') depth = Math.max(0, depth - 1)
      else if (ch === ']') {
        if (depth === 0) {
          end = i
          break
        }
        depth--
      } else if (depth === 0 && ch === ';' && !inComment) {
        inComment = true
        continue
      } else if (depth === 0 && ch === ',' && !inComment) {
        raw.push(cur)
        cur = ''
        continue
      }
    }
    if (inComment) comment += ch
    else cur += ch
  }
  if (end < 0) return { items: null, rest: text, innerComment: '', shapeNotShown }
  if (cur.trim() !== '' || raw.length > 0) raw.push(cur)
  const rest = text.slice(end + 1).trim()
  const allOptional = /^\(all optional\)/.test(rest)
  const items = raw.map((r) => {
    const t = r.trim()
    return { text: t, optional: allOptional || /\?/.test(stripCodeAndParens(t)) }
  })
  return { items, rest, innerComment: comment.trim(), shapeNotShown }
}

function describe(args: string): string {
  const p = parseArgList(args)
  let d = p.items === null ? p.rest : p.rest
  d = d.replace(/^[;,]\s*/, '').trim()
  if (p.innerComment) d = (p.innerComment + (d ? '; ' + d : '')).trim()
  return d.replace(/\s+/g, ' ')
}

/** Parse a markdown text (the content of docs/reference/interface.md) into operations, in document order. */
export function parseInterfaceOperations(markdown: string): InterfaceOperation[] {
  const lines = markdown.split(/\r?\n/)
  const ops: InterfaceOperation[] = []
  let inEndpoints = false
  let heading = ''
  let inOpTable = false
  for (const line of lines) {
    if (/^## /.test(line)) {
      inEndpoints = /^## Endpoints\b/.test(line)
      inOpTable = false
      heading = ''
      continue
    }
    if (/^### /.test(line)) {
      heading = line
      inOpTable = false
      continue
    }
    if (!inEndpoints) continue
    const cells = splitRow(line)
    if (cells.length === 0) {
      inOpTable = false
      continue
    }
    if (cells[0] === 'Operation') {
      inOpTable = true
      continue
    }
    if (!inOpTable) continue
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue // separator row
    let name = cells[0].replace(/`/g, '').trim()
    const prefixes = headingPrefixes(heading)
    if (prefixes.length > 0 && !prefixes.some((p) => name.startsWith(p))) name = prefixes[0] + name
    const args = cells[1] ?? ''
    const returns = cells[2] ?? ''
    ops.push({
      name,
      namespace: name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : '',
      args,
      returns,
      description: describe(args),
    })
  }
  return ops
}

/** All RPC operations of docs/reference/interface.md, in document order. */
export function interfaceOperations(): { name: string; namespace: string; args: string; returns: string; description: string }[] {
  return parseInterfaceOperations(fs.readFileSync(INTERFACE_PATH, 'utf8'))
}

if (require.main === module) {
  const ops = interfaceOperations()
  for (const op of ops) {
    const p = parseArgList(op.args)
    const sig = p.items === null ? '(unparsed)' : `[${p.items.map((i) => (i.optional ? '?' : '') + i.text.slice(0, 30)).join(' | ')}]`
    console.log(op.name.padEnd(48), sig)
  }
  console.log(ops.length, 'operations')
}
