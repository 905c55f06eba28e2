/**
 * Checks the code of function fields without running it: the code is parsed, never evaluated, as
 * the body of a JavaScript function (acorn, latest ECMAScript, script mode, `return` allowed) whose
 * parameters are the field's variable names.
 */
import { parse } from 'acorn'

export interface FunctionError {
  message: string
  /** 1-based; null for an error in a variable name. */
  line: number | null
  /** 1-based; null for an error in a variable name. */
  column: number | null
}

export interface FunctionCheck {
  valid: boolean
  errors: FunctionError[]
}

const OPTIONS = { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true } as const

function syntaxError(err: unknown, lineShift = 0): FunctionError {
  const e = err as { message?: string; loc?: { line: number; column: number } }
  if (!e?.loc) throw err
  return { message: String(e.message).replace(/ \(\d+:\d+\)$/, ''), line: e.loc.line + lineShift, column: e.loc.column + 1 }
}

/** The variable names that cannot be parameters (not identifiers, reserved words, repeated). */
function nameErrors(names: string[]): FunctionError[] {
  const errors: FunctionError[] = []
  const seen = new Set<string>()
  for (const name of names) {
    let ok = /^[A-Za-z_$][\w$]*$/.test(name)
    if (ok) {
      try {
        parse(`(function (${name}) { 'use strict' })`, OPTIONS)
      } catch {
        ok = false
      }
    }
    if (!ok) errors.push({ message: `variable name ${JSON.stringify(name)} is not a valid identifier`, line: null, column: null })
    else if (seen.has(name)) errors.push({ message: `variable name ${JSON.stringify(name)} is repeated`, line: null, column: null })
    seen.add(name)
  }
  return errors
}

export function checkFunction(body: string, variableNames: string[] = []): FunctionCheck {
  const errors = nameErrors(variableNames)
  try {
    parse(body, OPTIONS)
  } catch (err) {
    errors.push(syntaxError(err))
  }
  if (!errors.length && variableNames.length) {
    // A body that parses on its own has balanced brackets, so it cannot leave this wrapper; what
    // fails here is a clash with a parameter (`let x` when x is a variable).
    try {
      parse(`(function (${variableNames.join(', ')}) {\n${body}\n})`, OPTIONS)
    } catch (err) {
      errors.push(syntaxError(err, -1))
    }
  }
  return { valid: errors.length === 0, errors }
}
