/**
 * Every button that calls the server goes through useAction: while the call runs the action is busy
 * (the button says so and a second press does nothing, so a double click never sends twice), and a
 * refusal is kept as a Problem to show at the input it names or next to the button.
 */
import { useCallback, useRef, useState } from 'react'
import { problemOf, type Problem } from './errors'

export interface Action<A extends unknown[], R> {
  run: (...args: A) => Promise<R | undefined>
  busy: boolean
  problem: Problem | null
  clear: () => void
}

export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Action<A, R> {
  const running = useRef(false)
  const latest = useRef(fn)
  latest.current = fn
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const run = useCallback(async (...args: A) => {
    if (running.current) return undefined
    running.current = true
    setBusy(true)
    setProblem(null)
    try {
      return await latest.current(...args)
    } catch (err) {
      setProblem(problemOf(err))
      return undefined
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])
  const clear = useCallback(() => setProblem(null), [])
  return { run, busy, problem, clear }
}
