/** The React side of live queries: `useLive(load, rules, deps)` gives the state and a reload. */
import { useEffect, useMemo } from 'react'
import { useApp } from './app-context'
import { createLiveQuery, type LiveState, type SignalRule } from './live'
import { useStore } from './store'

export function useLive<T>(
  load: () => Promise<T>,
  rules: SignalRule[],
  deps: unknown[],
): LiveState<T> & { reload: () => Promise<void>; patch: (change: (data: T) => T) => void } {
  const { client } = useApp()
  const query = useMemo(() => createLiveQuery(client, load, rules), [client, ...deps])
  useEffect(() => query.start(), [query])
  const state = useStore(query.state)
  return { ...state, reload: query.reload, patch: query.patch }
}
