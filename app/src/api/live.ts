/**
 * Live queries: data loaded through the client and loaded again when a pushed signal says it
 * changed. Signals name what changed (ids), not the new values (docs/reference/signals.md), so a
 * matching signal reloads the query; a burst of signals while a load is under way makes exactly one
 * more load after it, so the shown data never goes back to an older answer. The previous data stays
 * shown while loading (no flicker, scroll and selection kept). After the socket was down and the
 * missed signals cannot be replayed (`onReload`), every live query loads again.
 */
import { createStore, type Store } from './store'

/** What a live query needs of the client (HlrClient has it). */
export interface SignalSource {
  on(signal: string, handler: (meta: any) => void): () => void
  onReload(handler: (reason: any) => void): () => void
}

/** A signal that concerns the query: its name, and when given, a test on its `meta`. */
export interface SignalRule {
  sig: string
  when?: (meta: any) => boolean
}

export interface LiveState<T> {
  data: T | undefined
  error: unknown
  loading: boolean
}

export interface LiveQuery<T> {
  state: Store<LiveState<T>>
  /** Starts listening and loads; returns the function that stops both. */
  start(): () => void
  /** Loads again (coalesced with a load under way). */
  reload(): Promise<void>
  /** Changes the shown data at once (an optimistic move); the next load replaces it. */
  patch(change: (data: T) => T): void
}

export function createLiveQuery<T>(source: SignalSource, load: () => Promise<T>, rules: SignalRule[]): LiveQuery<T> {
  const state = createStore<LiveState<T>>({ data: undefined, error: undefined, loading: true })
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  async function loadOnce() {
    state.set((s) => (s.loading ? s : { ...s, loading: true }))
    try {
      const data = await load()
      if (!stopped) state.set({ data, error: undefined, loading: false })
    } catch (error) {
      if (!stopped) state.set((s) => ({ ...s, error, loading: false }))
    }
  }

  function reload(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await loadOnce()
      } while (again && !stopped)
      running = null
    })()
    return running
  }

  return {
    state,
    reload,
    patch(change) {
      state.set((s) => (s.data === undefined ? s : { ...s, data: change(s.data) }))
    },
    start() {
      stopped = false
      const stops = rules.map((rule) => source.on(rule.sig, (meta) => (!rule.when || rule.when(meta)) && void reload()))
      stops.push(source.onReload(() => void reload()))
      void reload()
      return () => {
        stopped = true
        for (const stop of stops) stop()
      }
    },
  }
}

/**
 * The app's live queries by key, shared: every component showing the same data (the header's
 * workspace switcher and the workspaces screen) reads one query, so a reload by one is seen by all.
 * A query listens while at least one component uses it; one no longer used stops listening but keeps
 * its last data, so coming back shows it at once while it loads again. The key must name everything
 * the load depends on.
 */
export class LiveQueries {
  private readonly entries = new Map<string, { query: LiveQuery<any>; users: number; stop?: () => void }>()

  constructor(private readonly source: SignalSource) {}

  private entry<T>(key: string, load: () => Promise<T>, rules: SignalRule[]) {
    let entry = this.entries.get(key)
    if (!entry) this.entries.set(key, (entry = { query: createLiveQuery(this.source, load, rules), users: 0 }))
    return entry
  }

  get<T>(key: string, load: () => Promise<T>, rules: SignalRule[]): LiveQuery<T> {
    return this.entry(key, load, rules).query
  }

  /** One more user of the query (it starts with the first); returns the function that ends this use. */
  acquire<T>(key: string, load: () => Promise<T>, rules: SignalRule[]): () => void {
    const entry = this.entry(key, load, rules)
    if (entry.users++ === 0) entry.stop = entry.query.start()
    let released = false
    return () => {
      if (released) return
      released = true
      if (--entry.users === 0) entry.stop?.()
    }
  }
}
