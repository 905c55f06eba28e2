/**
 * Whether a function body reads the clock or chance: `Date.now()`, `new Date()` without arguments
 * (or without parentheses), `Date()` called as a function, `performance.now()`, `Math.random()`.
 * Such a function is volatile (./volatile.ts evaluates it again on a timer).
 *
 * The body is user input of up to 100 kB, read on every write of its workspace: it is scanned with
 * acorn's tokenizer, one pass with no backtracking and no recursion, never with a regular
 * expression (a pattern with lookbehinds and `\s*` runs took seconds on a crafted body and held the
 * event loop for every caller: docs/security.md, "Stalls"). Comments and string contents are not
 * code and do not count; the expressions of template literals do. A body the tokenizer cannot read
 * to its end (it will not compile either) is judged on the tokens before the error. Verdicts are
 * kept per body (by its hash), so a workspace's bodies are scanned once, not on every write.
 */
import { createHash } from 'node:crypto'
import { tokenizer, type Token } from 'acorn'

/** Verdicts kept: a few hundred functions per workspace, a few busy workspaces. */
const CACHE_SIZE = 4096
const verdicts = new Map<string, boolean>()

export function isVolatile(body: string): boolean {
  const key = createHash('sha1').update(body).digest('base64')
  let verdict = verdicts.get(key)
  if (verdict === undefined) {
    verdict = scan(body)
    if (verdicts.size >= CACHE_SIZE) verdicts.delete(verdicts.keys().next().value!)
    verdicts.set(key, verdict)
  }
  return verdict
}

/**
 * The token's kind: an identifier's name (its value, so `D\u0061te` is Date), otherwise acorn's
 * label (`.`, `?.`, `(`, `)`, `new`, ...).
 */
const kind = (t: Token & { value?: unknown }) => (t.type.label === 'name' ? `name:${String(t.value)}` : t.type.label)

const MEMBER_READS = new Set(['Date.now', 'performance.now', 'Math.random'])

function scan(body: string): boolean {
  const tokens: string[] = []
  try {
    for (const t of tokenizer(body, { ecmaVersion: 'latest', sourceType: 'script' })) tokens.push(kind(t))
  } catch {
    // A syntax error: judged on what came before it.
  }
  for (let i = 0; i < tokens.length; i++) {
    const [t, next, after] = [tokens[i], tokens[i + 1], tokens[i + 2]]
    if (!t.startsWith('name:')) continue
    // Date.now, performance.now, Math.random (also through ?.)
    if ((next === '.' || next === '?.') && after?.startsWith('name:') && MEMBER_READS.has(`${t.slice(5)}.${after.slice(5)}`)) return true
    if (t !== 'name:Date') continue
    const before = tokens[i - 1]
    // new Date() and new Date (no arguments: now); new Date(x) is not.
    if (before === 'new' && (next !== '(' || after === ')')) return true
    // Date() called as a function answers the current time as text; x.Date() is someone else's.
    if (before !== 'new' && before !== '.' && before !== '?.' && next === '(') return true
  }
  return false
}
