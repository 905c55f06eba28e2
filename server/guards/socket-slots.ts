/**
 * Socket slots per client address, so that one address cannot hold every connection the process
 * takes (WS_MAX_CONNECTIONS). An address holds at most WS_MAX_ANONYMOUS_PER_ADDRESS sockets that
 * are not signed in and WS_MAX_SIGNED_IN_PER_ADDRESS that are (an IPv6 address counts as its /64:
 * server/auth/client-address.ts). A socket takes its slot at the upgrade (a signed-in one when it
 * presents a valid key), moves from the anonymous to the signed-in count when it signs in, and
 * keeps its signed-in slot until it closes, also after signing out: otherwise signing in and out
 * would let one account free anonymous room without end. Counted in this process, like
 * WS_MAX_CONNECTIONS.
 */
import { addressKey } from '../auth/client-address'
import { RpcError } from '../errors'

export type SlotKind = 'anonymous' | 'signedIn'

/** The variable that sets each cap, for the messages. */
const VARIABLE: Record<SlotKind, string> = { anonymous: 'WS_MAX_ANONYMOUS_PER_ADDRESS', signedIn: 'WS_MAX_SIGNED_IN_PER_ADDRESS' }
const DESCRIBED: Record<SlotKind, string> = { anonymous: 'sockets not signed in', signedIn: 'signed-in sockets' }

/** The refusal of a socket (at the upgrade) or of a sign-in on a socket, past an address's cap. */
export function slotsFull(kind: SlotKind, limit: number): RpcError {
  return new RpcError(429, `too many ${DESCRIBED[kind]} from this address (${VARIABLE[kind]} = ${limit}); close one and try again`, {
    reason: 'socketsPerAddress',
    limit,
  })
}

export interface Slot {
  readonly kind: SlotKind
  /** Anonymous to signed in; throws the 429 of a full signed-in count (the slot stays anonymous); nothing once released. */
  signIn(): void
  /** Gives the slot back; once only. */
  release(): void
}

export class SocketSlots {
  private counts: AddressCounts

  constructor(caps: Record<SlotKind, number>) {
    this.counts = new AddressCounts(caps)
  }

  /** A slot of `kind` for a socket from `address`; throws the 429 when the address holds its cap. */
  take(address: string, kind: SlotKind): Slot {
    const key = addressKey(address)
    this.counts.claim(key, kind)
    return new SocketSlot(this.counts, key, kind)
  }
}

/** The slots each address holds, by kind. */
class AddressCounts {
  private held = new Map<string, Record<SlotKind, number>>()

  constructor(private caps: Record<SlotKind, number>) {}

  claim(key: string, kind: SlotKind) {
    const counts = this.held.get(key) ?? { anonymous: 0, signedIn: 0 }
    if (counts[kind] >= this.caps[kind]) throw slotsFull(kind, this.caps[kind])
    counts[kind]++
    this.held.set(key, counts)
  }

  free(key: string, kind: SlotKind) {
    const counts = this.held.get(key)
    if (!counts) return
    counts[kind]--
    if (counts.anonymous <= 0 && counts.signedIn <= 0) this.held.delete(key)
  }
}

/** A socket's slot: its fields only, the methods on the prototype (one per socket, no closures). */
class SocketSlot implements Slot {
  private released = false

  constructor(
    private readonly counts: AddressCounts,
    private readonly key: string,
    private current: SlotKind,
  ) {}

  get kind(): SlotKind {
    return this.current
  }

  signIn() {
    // A sign-in that finishes after its socket closed holds nothing: the slot was given back.
    if (this.released || this.current === 'signedIn') return
    this.counts.claim(this.key, 'signedIn')
    this.counts.free(this.key, 'anonymous')
    this.current = 'signedIn'
  }

  release() {
    if (this.released) return
    this.released = true
    this.counts.free(this.key, this.current)
  }
}
