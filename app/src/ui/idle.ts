/** Runs `f` once the browser is idle (after 200 ms where it cannot say); the returned function cancels it. */
export function whenIdle(f: () => void): () => void {
  const w = globalThis as { requestIdleCallback?: (f: () => void) => number; cancelIdleCallback?: (id: number) => void }
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(f)
    return () => w.cancelIdleCallback!(id)
  }
  const timer = setTimeout(f, 200)
  return () => clearTimeout(timer)
}
