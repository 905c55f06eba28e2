/**
 * The counting behind the socket caps per client address (server/guards/socket-slots.ts) and the
 * address a per-address limit counts (server/auth/client-address.ts), in-process: the IPv6 cases
 * cannot be reached over the test server's IPv4 loopback.
 */
import { addressKey } from '../../server/auth/client-address'
import { SocketSlots } from '../../server/guards/socket-slots'
import { RpcError } from '../../server/errors'

describe('addressKey', () => {
  test('IPv4 is itself, also IPv4-mapped; IPv6 counts as its /64; anything else as given', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(addressKey('')).toBe('')
  })
})

describe('SocketSlots', () => {
  const full = (fn: () => unknown) => {
    try {
      fn()
    } catch (err) {
      return err instanceof RpcError ? { code: err.code, msg: err.message, details: err.details } : err
    }
    throw new Error('expected a refusal')
  }

  test('each kind has its cap per address; a released slot is free again, once', () => {
    const slots = new SocketSlots({ anonymous: 2, signedIn: 1 })
    const a = slots.take('198.51.100.1', 'anonymous')
    slots.take('198.51.100.1', 'anonymous')
    expect(full(() => slots.take('198.51.100.1', 'anonymous'))).toMatchObject({
      code: 429,
      details: { reason: 'socketsPerAddress', limit: 2 },
      msg: expect.stringContaining('WS_MAX_ANONYMOUS_PER_ADDRESS'),
    })
    slots.take('198.51.100.2', 'anonymous')
    slots.take('198.51.100.1', 'signedIn')
    expect(full(() => slots.take('198.51.100.1', 'signedIn'))).toMatchObject({ msg: expect.stringContaining('WS_MAX_SIGNED_IN_PER_ADDRESS') })
    a.release()
    a.release()
    slots.take('198.51.100.1', 'anonymous')
    expect(full(() => slots.take('198.51.100.1', 'anonymous'))).toMatchObject({ code: 429 })
  })

  test('a sign-in that finishes after its socket closed takes no signed-in room', () => {
    const slots = new SocketSlots({ anonymous: 1, signedIn: 1 })
    const closed = slots.take('198.51.100.10', 'anonymous')
    closed.release()
    closed.signIn()
    expect(closed.kind).toBe('anonymous')
    slots.take('198.51.100.10', 'anonymous').signIn()
    expect(full(() => slots.take('198.51.100.10', 'anonymous').signIn())).toMatchObject({ code: 429 })
  })

  test('signing in moves the slot; past the signed-in cap it stays anonymous; a signed-in slot is released as signed in', () => {
    const slots = new SocketSlots({ anonymous: 1, signedIn: 1 })
    const first = slots.take('198.51.100.9', 'anonymous')
    first.signIn()
    expect(first.kind).toBe('signedIn')
    first.signIn()
    const second = slots.take('198.51.100.9', 'anonymous')
    expect(full(() => second.signIn())).toMatchObject({ code: 429 })
    expect(second.kind).toBe('anonymous')
    expect(full(() => slots.take('198.51.100.9', 'anonymous'))).toMatchObject({ code: 429 })
    first.release()
    second.signIn()
    slots.take('198.51.100.9', 'anonymous')
  })

  test('the addresses of one IPv6 /64 share their caps', () => {
    const slots = new SocketSlots({ anonymous: 1, signedIn: 1 })
    slots.take('2001:db8::1', 'anonymous')
    expect(full(() => slots.take('2001:db8::2', 'anonymous'))).toMatchObject({ code: 429 })
    slots.take('2001:db8:0:1::1', 'anonymous')
  })
})
