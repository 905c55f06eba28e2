/**
 * Reading a socket's stream of logged signals in tests. Teams make a handy numbered stream: each
 * `company.new_team` returns its id, and the workspace's members hear `company.team.created {_id}`.
 */
import { api, type Client } from './client'

/** Creates a team in the key's current workspace over HTTP; returns its id. */
export async function newTeam(key: string, name: string, url?: string, idempotencyKey?: string): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', hlrkey: key }
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
  if (!url) {
    const reply = await api('company.new_team', [{ name }], { key })
    if (reply.status !== 200) throw new Error(`company.new_team answered ${reply.status}`)
    return reply.body._id
  }
  const res = await fetch(`${url}/api/company.new_team`, { method: 'POST', headers, body: JSON.stringify([{ name }]) })
  if (res.status !== 200) throw new Error(`company.new_team answered ${res.status}`)
  return ((await res.json()) as { _id: string })._id
}

/** The ids of the teams whose creation a client heard, in arrival order. */
export const teamsHeard = (client: Client): string[] => client.signals.filter((s) => s.sig === 'company.team.created').map((s) => s.meta._id)

/** The highest seq a client heard (0 when none). */
export const lastSeqOf = (client: Client): number => Math.max(0, ...client.signals.map((s) => s.seq ?? 0))

/** Throws unless the seqs a client heard grow strictly (no repeat, no step back). */
export function expectStrictlyIncreasing(client: Client) {
  const seqs = client.signals.map((s) => s.seq).filter((s): s is number => typeof s === 'number')
  for (let i = 1; i < seqs.length; i++) if (seqs[i] <= seqs[i - 1]) throw new Error(`seq ${seqs[i]} after ${seqs[i - 1]}: ${JSON.stringify(seqs)}`)
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
