/**
 * A tiny external store (read with React's useSyncExternalStore): a value, a way to change it, and
 * listeners told after each change. The session and the live queries keep their state in one each.
 */
import { useSyncExternalStore } from 'react'

export interface Store<T> {
  get(): T
  set(next: T | ((previous: T) => T)): void
  subscribe(listener: () => void): () => void
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next) {
      const updated = typeof next === 'function' ? (next as (previous: T) => T)(value) : next
      if (Object.is(updated, value)) return
      value = updated
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
