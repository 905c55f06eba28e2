/**
 * Where a refusal belongs: the server's 400 names the argument (`details.argument`) or the path in it
 * (`details.path`, e.g. `/0/fields/<id>`) and the reason; the app shows that reason at the input it
 * concerns, and anything else next to the button that was pressed.
 */
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
    // A 400's reason is a sentence; other refusals carry a code word there (reason: 'lastOwner') and say it in msg.
    const sentence = typeof details.reason === 'string' && /\s/.test(details.reason)
    return { message: sentence ? details.reason : err.msg, path, ...(typeof details.argument === 'number' && { argument: details.argument }) }
  }
  return { message: err instanceof Error ? err.message : String(err) }
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
