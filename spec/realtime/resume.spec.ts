/**
 * The event log and resume [lastSeq] (server/realtime/): every signal carries a seq; a socket that
 * reconnects gets what it missed, in order and once, before new ones; visibility is decided at
 * replay; past the retention it is told to reload.
 */
import { api, Client } from '../helpers/client'
import { joinWorkspace } from '../helpers/members'
import { startServer } from '../helpers/server'
import { privateDatabase } from '../helpers/database'
import { expectStrictlyIncreasing, lastSeqOf, newTeam, pause, teamsHeard } from '../helpers/stream'
import { registerUser, signedIn } from '../helpers/users'

test('401 signed out, 400 for a bad lastSeq, 422 over HTTP; without lastSeq it answers the current seq', async () => {
  const ada = await signedIn('ada')
  const anon = await Client.connect()
  expect((await anon.fail('resume', 1)).code).toBe(401)
  expect(await ada.client.fail('resume', -1)).toMatchObject({ code: 400, details: { argument: 0 } })
  expect(await ada.client.fail('resume', 'yesterday')).toMatchObject({ code: 400, details: { argument: 0 } })
  expect((await api('resume', [1], { key: ada.key })).status).toBe(422)

  const now = await newTeam(ada.key, 'now')
  const heard = await ada.client.waitForSignal('company.team.created', (m) => m._id === now)
  expect(heard.seq).toEqual(expect.any(Number))
  const { seq, replayed, reset } = await ada.client.call('resume')
  expect(seq).toBeGreaterThanOrEqual(heard.seq!)
  expect({ replayed, reset }).toEqual({ replayed: 0, reset: false })
  await Promise.all([ada.client.close(), anon.close()])
})

test('a socket that reconnects after missing 25 signals gets all of them, in order, once, before new ones', async () => {
  const ada = await signedIn('ada')
  const first = await newTeam(ada.key, 'first')
  const last = (await ada.client.waitForSignal('company.team.created', (m) => m._id === first)).seq!
  await ada.client.close()
  const missed: string[] = []
  for (let i = 0; i < 25; i++) missed.push(await newTeam(ada.key, `missed ${i}`))

  const back = await Client.connect({ key: ada.key })
  const resumed = await back.call('resume', last)
  expect(resumed).toMatchObject({ replayed: 25, reset: false })
  expect(teamsHeard(back)).toEqual(missed)
  expect(resumed.seq).toBe(lastSeqOf(back))

  const later = await newTeam(ada.key, 'later')
  await back.waitForSignal('company.team.created', (m) => m._id === later)
  await pause(200)
  expect(teamsHeard(back)).toEqual([...missed, later])
  expectStrictlyIncreasing(back)
  await back.close()
})

test('signals committed while the socket reconnects and replays reach it exactly once and in order', async () => {
  const ada = await signedIn('ada')
  const start = await newTeam(ada.key, 'start')
  const last = (await ada.client.waitForSignal('company.team.created', (m) => m._id === start)).seq!
  await ada.client.close()
  // 60 changes over HTTP, one after another, while the socket is away, reconnects and resumes.
  const created: string[] = []
  const writes = (async () => {
    for (let i = 0; i < 60; i++) created.push(await newTeam(ada.key, `busy ${i}`))
  })()
  await pause(100)
  const back = await Client.connect({ key: ada.key })
  await back.call('resume', last)
  await writes
  await back.waitForSignal('company.team.created', (m) => m._id === created[59])
  await pause(200)
  expect(teamsHeard(back)).toEqual(created)
  expectStrictlyIncreasing(back)
  await back.close()
})

test('a socket that resumes late is not sent again what it already heard live', async () => {
  const ada = await signedIn('ada')
  const first = await newTeam(ada.key, 'first')
  const last = (await ada.client.waitForSignal('company.team.created', (m) => m._id === first)).seq!
  await ada.client.close()
  // Another socket of ada's tells when `missed` has gone out, so the socket below cannot hear it live.
  const witness = await Client.connect({ key: ada.key })
  const missed = await newTeam(ada.key, 'missed')
  await witness.waitForSignal('company.team.created', (m) => m._id === missed)
  await witness.close()

  const back = await Client.connect({ key: ada.key })
  await pause(700) // longer than the hold after sign-in: later signals go out live
  const live = await newTeam(ada.key, 'live')
  await back.waitForSignal('company.team.created', (m) => m._id === live)
  expect(await back.call('resume', last)).toMatchObject({ replayed: 1 })
  await pause(200)
  expect(teamsHeard(back)).toEqual([live, missed])
  await back.close()
})

test('replay decides visibility now: nothing about a workflow the member can no longer see, the rest as before', async () => {
  const owner = await signedIn('owner')
  const member = await joinWorkspace(owner)
  const hidden = await owner.client.call('process.create', { name: 'Soon hidden' })
  const open = await owner.client.call('process.create', { name: 'Open' })
  const last = (await member.client.waitForSignal('process.created', (m) => m._id === open._id)).seq!
  await member.client.close()

  await owner.client.call('process.set_info', hidden._id, { description: 'draft' })
  await owner.client.call('v2.network.update', owner.cid, { name: 'Renamed while away' })
  await owner.client.call('process.set_info', open._id, { description: 'visible' })
  // The member hears these live as a viewer, but at replay the workflow is out of their sight.
  await owner.client.call('v2.process.member.remove', hidden._id, `network_${owner.cid}`)
  await owner.client.call('process.set_info', hidden._id, { description: 'secret' })

  const back = await Client.connect({ key: member.key })
  await back.call('resume', last)
  expect(back.signals.filter((s) => s.meta?._id === hidden._id || s.meta?.processId === hidden._id)).toEqual([])
  expect(back.signals.map((s) => s.sig)).toEqual(['network.updated', 'process.updated'])
  expect(back.signals[1].meta).toMatchObject({ _id: open._id, changed: ['description'] })
  await Promise.all([owner.client.close(), back.close()])
})

test('past the retention a resuming socket gets one reset signal; an unknown seq too', async () => {
  // 0.0005 hours = 1.8 seconds, pruned every 0.45 seconds. A database of its own: an enabled webhook
  // another spec left behind in a shared one rightly keeps the events it has not received.
  const server = await startServer({ EVENT_RETENTION_HOURS: '0.0005', ...(await privateDatabase()) })
  try {
    const user = await registerUser('brief', server.wsUrl)
    const first = await Client.connect({ url: server.wsUrl })
    const key = await first.call('login', user.email, user.password)
    await first.call('company.new_team', { name: 'early' })
    const last = (await first.waitForSignal('company.team.created')).seq!
    await first.close()
    await first.closed
    const c = await Client.connect({ url: server.wsUrl, key })
    await c.call('company.new_team', { name: 'soon gone' })
    await c.close()
    await pause(4000)

    const back = await Client.connect({ url: server.wsUrl, key })
    const resumed = await back.call('resume', last)
    expect(resumed).toMatchObject({ reset: true, replayed: 0 })
    expect(back.signals).toEqual([{ sig: 'reset', meta: { reason: 'retention', seq: resumed.seq }, seq: resumed.seq }])

    const ahead = await Client.connect({ url: server.wsUrl, key })
    expect(await ahead.call('resume', resumed.seq + 1000)).toMatchObject({ reset: true })
    expect(ahead.signals[0]).toMatchObject({ sig: 'reset', meta: { reason: 'unknown' } })
    await Promise.all([back.close(), ahead.close()])
  } finally {
    await server.stop()
  }
})
