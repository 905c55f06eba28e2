/** Whether calls go over the socket now (and signals arrive): the client's connection events as React state. */
import { useSyncExternalStore } from 'react'
import { useApp } from '../api/app-context'

export function useConnectionState(): boolean {
  const { client } = useApp()
  return useSyncExternalStore(
    (changed) => client.onConnection(changed),
    () => client.live,
  )
}
