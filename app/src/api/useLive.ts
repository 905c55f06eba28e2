/**
 * The React side of live queries: `useLive(key, load, rules)` gives the shared query's state, a
 * reload and a patch. `key` names the data (e.g. `activities:<workflowId>`) and everything `load`
 * depends on; components using the same key share one query.
 */
import { useEffect } from 'react'
import { useApp } from './app-context'
import type { LiveState, SignalRule } from './live'
import { useStore } from './store'

export interface Live<T> extends LiveState<T> {
  reload: () => Promise<void>
  patch: (change: (data: T) => T) => void
}

export function useLive<T>(key: string, load: () => Promise<T>, rules: SignalRule[]): Live<T> {
  const { live } = useApp()
  const query = live.get(key, load, rules)
  useEffect(() => live.acquire(key, load, rules), [live, key])
  const state = useStore(query.state)
  return { ...state, reload: query.reload, patch: query.patch }
}
