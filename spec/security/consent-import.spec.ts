/**
 * An import joins no account to anything (server/transfer/import.ts). The archive is the importer's
 * word: on a server they control (the source) they give the victim's e-mail address to an owner of
 * their workspace, and import that workspace into the target server, where the victim has an
 * account. The victim is invited, with the role and teams the archive gives, and is a member only
 * once they accept.
 *
 * The target runs on the engine under test (it takes the run's DATABASE_URL), with its own mail
 * catcher, so the invitation is read as the victim would read it; the source on its own PGlite, so
 * the two servers hold different accounts on either engine.
 */
import { Client } from '../helpers/client'
import { inviteKeyOf, nextMail, startMailCatcher, type MailCatcher } from '../helpers/mail'
import { startServer, tempDataDir, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'

const PASSWORD = 'correct horse battery'

let mail: MailCatcher
let source: RunningServer
let target: RunningServer

beforeAll(async () => {
  mail = await startMailCatcher(tempDataDir())
  ;[source, target] = await Promise.all([
    startServer({ DATABASE_URL: '' }),
    startServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1', SMTP_URL: mail.url, PUBLIC_URL: 'https://target.hlr.test' }),
  ])
}, 120_000)
afterAll(async () => {
  await Promise.all([source.stop(), target.stop()])
  await mail.close()
})

/** An account with `email` on the server of `url`, signed in there. */
async function accountOn(url: string, email: string): Promise<SignedIn> {
  const client = await Client.connect({ url })
  const { uid, cid } = await client.call('v2.user.register', { email, password: PASSWORD, firstname: 'Test', lastname: email.slice(0, email.indexOf('@')) })
  const key = await client.call('login', email, PASSWORD)
  return { email, password: PASSWORD, firstname: 'Test', lastname: '', uid, cid, client, key }
}

/** Polls an import job until it ends. */
async function finished(client: Client, jobId: string) {
  const until = Date.now() + 90_000
  for (;;) {
    const job = await client.call('v3.user.data.job', jobId)
    if (job.state !== 'running') return job
    if (Date.now() > until) throw new Error(`job ${jobId} still running: ${JSON.stringify(job)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

test('people the archive names who have an account here are invited with their role, never joined; the importer owns the workspace', async () => {
  // On the source (the attacker's server): their workspace, where the victim's address is an owner
  // in a team with a title, and a colleague's address a plain member.
  const attacker = await signedIn('importer', source.wsUrl)
  const victimEmail = `victim.${attacker.uid.slice(-8)}@example.test`
  const colleagueEmail = `colleague.${attacker.uid.slice(-8)}@example.test`
  const team = await attacker.client.call('company.new_team', { name: 'Movers' })
  const named: Record<string, string> = {}
  for (const [email, role] of [
    [victimEmail, 'owner'],
    [colleagueEmail, 'user'],
  ] as const) {
    const invite = await attacker.client.call('v2.network.invite.send', { email, role, cid: attacker.cid, title: 'Director' })
    const anon = await Client.connect({ url: source.wsUrl })
    named[email] = (await anon.call('v2.user.invite.register', { firstname: 'Named', lastname: role, password: PASSWORD }, invite.invite_key)).uid
    await anon.close()
  }
  await attacker.client.call('company.update_team_users', team._id, [attacker.uid, named[victimEmail]])

  // On the target: the victim and the colleague have accounts of their own; the attacker's has their address on the source.
  const [victim, colleague, importer] = await Promise.all([
    accountOn(target.wsUrl, victimEmail),
    accountOn(target.wsUrl, colleagueEmail),
    accountOn(target.wsUrl, attacker.email),
  ])
  try {
    const creds = { host: source.url, username: attacker.email, password: attacker.password }
    const job = await finished(importer.client, (await importer.client.call('v3.user.data.import', creds, { workspaceIds: [attacker.cid] }))._id)
    expect(job.state).toBe('finished')
    const [{ _id: cid }] = job.result.workspaces
    expect(job.result.invited.sort()).toEqual([colleagueEmail, victimEmail].sort())
    expect(job.result.linked).toBe(1) // the importer themself

    // The importer owns the workspace and is its only member.
    expect((await importer.client.call('v2.network.get', cid)).members.map((m) => [m.uid, m.role])).toEqual([[importer.uid, 'owner']])
    // The victim cannot open it, and it is not among their workspaces.
    for (const person of [victim, colleague]) {
      expect((await person.client.call('v3.session.workspaces')).map((w: { _id: string }) => w._id)).not.toContain(cid)
      expect((await person.client.fail('v2.network.get', cid)).code).toBe(404)
      expect((await person.client.fail('v3.session.switchWorkspace', cid)).code).toBe(404)
    }

    // A pending invite for each, with the archive's role, title and teams.
    const invites = await importer.client.call('v2.network.invite.list', cid)
    const invite = invites.find((i) => i.email === victimEmail)!
    expect(invite).toMatchObject({ role: 'owner', title: 'Director', teams: [expect.any(String)] })
    expect(invites.find((i) => i.email === colleagueEmail)).toMatchObject({ role: 'user' })

    // No mail from the import itself: the owner sends the invitation, the victim accepts it.
    await importer.client.call('v2.network.invite.resend', String(invite.invite_key))
    const key = inviteKeyOf(await nextMail(victimEmail, { dir: mail.dir }))
    expect(await victim.client.call('v2.user.invite.accept', key)).toEqual({ uid: victim.uid, cid })
    expect(await victim.client.call('v3.session.workspaces')).toContainEqual({ _id: cid, name: expect.any(String), role: 'owner' })
    await victim.client.call('v3.session.switchWorkspace', cid)
    expect((await victim.client.call('company.form_get_teams', { own: true })).map((t: { name: string }) => t.name)).toEqual(['Movers'])

    // The colleague who has not accepted is still outside.
    expect((await colleague.client.fail('v2.network.get', cid)).code).toBe(404)
  } finally {
    await Promise.all([attacker, victim, colleague, importer].map((p) => p.client.close()))
  }
}, 180_000)
