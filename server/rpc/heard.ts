/**
 * A signed-in call is not served for a session that another process ended or narrowed before the
 * call came: a logout there that has answered holds here too. That process sent its message as a
 * NOTIFY before answering; this one has heard it once `bus.heardAll()` resolves (server/realtime/bus.ts).
 *
 * Waiting first would add that round trip to every call. So a read runs meanwhile and is answered
 * only once all is heard: refused (401) should the session have ended meanwhile. It is not run again
 * (a read may still act: `resume` replays signals). A write waits, as it must not be done at all.
 */
import { unauthorized } from '../errors'
import type { Reply } from './dispatch'

export interface Heard<S> {
  /** The caller's session now: null once it ended (or no longer passes a check it was told to make again). */
  session: () => Promise<S | null>
  /** Whether what `session` gave may have ended or changed since: then it is asked again. */
  changed: (session: S | null) => boolean
}

const ended = unauthorized('not signed in: the session ended')
const ENDED_MEANWHILE: Reply = { error: { code: ended.code, msg: ended.message } }

export async function callOnceHeard<S>(readOnly: boolean, heard: Promise<void>, caller: Heard<S>, call: (session: S | null) => Promise<Reply>): Promise<Reply> {
  if (!readOnly) {
    await heard
    return call(await caller.session())
  }
  const session = await caller.session()
  const [reply] = await Promise.all([call(session), heard])
  if (session && caller.changed(session) && !(await caller.session())) return ENDED_MEANWHILE
  return reply
}
