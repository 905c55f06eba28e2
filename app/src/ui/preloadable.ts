/**
 * A screen loaded when first shown, like React.lazy, that can also be fetched beforehand
 * (`preload()`). React.lazy suspends on its first render even when the module was fetched already,
 * and React then holds the fallback for at least 300 ms before showing the screen; a screen
 * preloaded here is drawn at once, without suspending.
 */
import { createElement, lazy, useState, type ComponentType } from 'react'

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> }

export function preloadable<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const load = () =>
    (loading ??= factory().then(
      (module) => ((loaded = module.default), module),
      (err) => {
        loading = undefined
        throw err
      },
    ))
  const Lazy = lazy(load)
  function Screen(props: P) {
    // Chosen once per mount: changing the element type later would draw the screen anew and lose its state.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(Shown, props)
  }
  return Object.assign(Screen, { preload: load })
}
