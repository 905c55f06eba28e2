/**
 * Where a refusal belongs: the server's 400 names the argument (`details.argument`) or the path in it
 * (`details.path`, e.g. `/0/fields/<id>`) and the reason; the app shows that reason at the input it
 * concerns, and anything else next to the button that was pressed, in the person's language where
 * the app knows the reason or code (messageOf).
 */
import i18n from 'i18next'
import { HlrError } from '../../../client'

export interface Problem {
  message: string
  /** The JSON path or argument position the server named, if any. */
  path?: string
  /** The argument (counted from 0) the server named, if any: a path is inside it. */
  argument?: number
}

export function problemOf(err: unknown): Problem {
  if (err instanceof HlrError) {
    const details = err.details ?? {}
    // A conflict names the field it concerns ({field: 'email'}) rather than a path.
    const path =
      typeof details.path === 'string' && details.path
        ? details.path
        : typeof details.field === 'string'
          ? `/${details.field}`
          : typeof details.argument === 'number'
            ? `/${details.argument}`
            : undefined
    return { message: messageOf(err.code, err.msg, details), path, ...(typeof details.argument === 'number' && { argument: details.argument }) }
  }
  return { message: err instanceof Error ? err.message : String(err) }
}

/** `cannot see` -> `cannotSee`: a reason as the key of its text under errors.reason. */
const reasonKey = (reason: string) => `errors.reason.${reason.trim().replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase())}`

/**
 * The refusal in the person's language: a reason the app knows (errors.reason.*, with the details
 * as values, e.g. {{person}}), else a 400's reason sentence as the server wrote it, else a code the
 * app words generally (errors.code.*: 401, 403, 404, 413, 429, 5xx), else the server's own text
 * (400, 409 and 422 say what to fix there; unknown reasons included).
 */
function messageOf(code: number, msg: string, details: Record<string, any>): string {
  const reason = typeof details.reason === 'string' ? details.reason : undefined
  const values = { ...details, error: details.errors?.[0]?.message ?? msg, interpolation: { escapeValue: false } }
  if (reason && i18n.exists(reasonKey(reason))) return i18n.t(reasonKey(reason), values)
  // A 400's reason is a sentence; other refusals carry a code word there (reason: 'lastOwner') and say it in msg.
  if (reason && /\s/.test(reason)) return reason
  if (i18n.exists(`errors.code.${code}`)) return i18n.t(`errors.code.${code}`)
  return msg
}

/** The reason for the input at `path` ends (a path names the record's place in a list first: match its end), or undefined. */
export function problemAt(problem: Problem | null, ...paths: string[]): string | undefined {
  if (!problem?.path) return undefined
  return paths.some((p) => problem.path === p || problem.path!.endsWith(p)) ? problem.message : undefined
}

/** The reason when no input shown claims it (to show next to the button). */
export function problemElsewhere(problem: Problem | null, ...claimedPaths: string[]): string | undefined {
  if (!problem) return undefined
  return problemAt(problem, ...claimedPaths) ? undefined : problem.message
}
