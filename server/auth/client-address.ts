/**
 * The key a per-address limit counts a client under. An IPv4 peer is its own key (also when it
 * arrives IPv4-mapped, `::ffff:a.b.c.d`). An IPv6 peer counts as its /64 network: one subscriber
 * is usually given a whole /64 and can pick any address in it, so counting single IPv6 addresses
 * would give each client 2^64 budgets.
 */
import ipaddr from 'ipaddr.js'

export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address
  const peer = ipaddr.process(address)
  if (peer.kind() === 'ipv4') return peer.toString()
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${peer.toString()}/64`).toString()}/64`
}
