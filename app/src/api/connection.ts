/**
 * The one connection of the app: an HlrClient from client/ (one WebSocket for every call; HTTP only
 * while the socket is down), made once at start with the key kept from the last sign-in.
 */
import { connect, HlrError, type HlrClient } from '../../../client'

const KEY = 'hlrkey'

export const storedKey = () => localStorage.getItem(KEY) ?? undefined
export const rememberKey = (key: string | undefined) => (key ? localStorage.setItem(KEY, key) : localStorage.removeItem(KEY))

/** Connects with the remembered key; a key the server no longer knows is forgotten and the app starts signed out. */
export async function openConnection(): Promise<HlrClient> {
  const key = storedKey()
  try {
    return await connect({ url: location.origin, key })
  } catch (err) {
    if (!(err instanceof HlrError) || err.code !== 401) throw err
    rememberKey(undefined)
    return connect({ url: location.origin })
  }
}
