/**
 * The page the invitation mail links to (PUBLIC_URL/invite/<key>, server/mail/messages.ts). It says
 * who invited whom to which workspace, then:
 * - signed in: accept (the signed-in account joins) or decline;
 * - signed out, with an account at the invited address: sign in here and accept in one step;
 * - signed out, without one: create the account (the address is the invited one) and join.
 * The key works once; an unknown or used key says so.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { HlrError } from '../../../../client'
import { type AppValue, signIn, switchWorkspace, useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, problemElsewhere } from '../../ui/errors'
import { useAction } from '../../ui/useAction'

interface InviteCheck {
  email: string
  role: string
  registered: boolean
  user: { firstname?: string; lastname?: string }
  network: { _id: string; name: string | null }
}

/** Joins with the key as the signed-in person and opens the workspace. */
async function accept(app: AppValue, key: string): Promise<string> {
  const joined = (await app.client.call('v2.user.invite.accept', key)) as { cid: string }
  await switchWorkspace(app, joined.cid)
  return joined.cid
}

export default function AcceptInviteScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const { inviteKey = '' } = useParams()
  const session = useSession()
  const navigate = useNavigate()
  const [declined, setDeclined] = useState(false)
  const invite = useLive(`invite:${inviteKey}`, async () => (await app.client.call('company.check_invite', inviteKey)) as unknown as InviteCheck, [])
  const decline = useAction(async () => {
    await app.client.call('v2.user.invite.decline', inviteKey)
    setDeclined(true)
  })
  const join = useAction(async () => navigate(paths.workspace(await accept(app, inviteKey)), { replace: true }))

  const gone = invite.error instanceof HlrError && invite.error.code === 404
  const data = invite.data
  const inviter = [data?.user.firstname, data?.user.lastname].filter(Boolean).join(' ')
  return (
    <main id="main" className="page narrow">
      <h1>{t('invite.title')}</h1>
      {declined ? <p role="status">{t('invite.declined')}</p> : null}
      {!declined && gone ? <p role="alert">{t('invite.gone')}</p> : null}
      {!declined && invite.error && !gone ? <ErrorLine message={String(invite.error)} /> : null}
      {!declined && data ? (
        <>
          <p>
            {t('invite.offer', {
              inviter: inviter || t('invite.someone'),
              workspace: data.network.name ?? '',
              role: t(`roles.${data.role}`, { defaultValue: data.role }),
              email: data.email,
            })}
          </p>
          {session ? (
            <>
              {session.user.email && session.user.email.toLowerCase() !== data.email.toLowerCase() ? (
                <p className="muted">{t('invite.otherAccount', { email: session.user.email })}</p>
              ) : null}
              <div className="row">
                <Button busy={join.busy} onClick={() => void join.run()}>
                  {t('invite.accept')}
                </Button>
                <Button className="secondary" busy={decline.busy} onClick={() => void decline.run()}>
                  {t('invite.decline')}
                </Button>
              </div>
              <ErrorLine message={join.problem?.message ?? decline.problem?.message} />
            </>
          ) : data.registered ? (
            <SignInAndAccept inviteKey={inviteKey} email={data.email} />
          ) : (
            <RegisterAndJoin inviteKey={inviteKey} email={data.email} />
          )}
          {!session ? (
            <>
              <Button className="secondary" busy={decline.busy} onClick={() => void decline.run()}>
                {t('invite.decline')}
              </Button>
              <ErrorLine message={decline.problem?.message} />
            </>
          ) : null}
        </>
      ) : null}
    </main>
  )
}

function SignInAndAccept({ inviteKey, email }: { inviteKey: string; email: string }) {
  const { t } = useTranslation()
  const app = useApp()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const action = useAction(async () => {
    await signIn(app, email, password)
    navigate(paths.workspace(await accept(app, inviteKey)), { replace: true })
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void action.run()
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-signin">
      <h2 id="invite-signin">{t('invite.signInTitle')}</h2>
      <TextField label={t('signIn.email')} type="email" autoComplete="username" value={email} readOnly />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        error={problemAt(action.problem, '/1')}
      />
      <Button type="submit" busy={action.busy}>
        {t('invite.signInAndAccept')}
      </Button>
      <ErrorLine message={problemElsewhere(action.problem, '/1')} />
    </form>
  )
}

const REGISTER_FIELDS = ['firstname', 'lastname', 'password'] as const

function RegisterAndJoin({ inviteKey, email }: { inviteKey: string; email: string }) {
  const { t } = useTranslation()
  const app = useApp()
  const navigate = useNavigate()
  const [person, setPerson] = useState({ firstname: '', lastname: '', password: '' })
  const action = useAction(async () => {
    const joined = (await app.client.call('v2.user.invite.register', person, inviteKey)) as { cid: string }
    await signIn(app, email, person.password)
    await switchWorkspace(app, joined.cid)
    navigate(paths.workspace(joined.cid), { replace: true })
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void action.run()
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-register">
      <h2 id="invite-register">{t('invite.registerTitle')}</h2>
      <TextField label={t('register.email')} type="email" autoComplete="username" value={email} readOnly />
      {REGISTER_FIELDS.map((name) => (
        <TextField
          key={name}
          label={t(`register.${name}`)}
          type={name === 'password' ? 'password' : 'text'}
          autoComplete={name === 'password' ? 'new-password' : name === 'firstname' ? 'given-name' : 'family-name'}
          value={person[name]}
          onChange={(e) => setPerson({ ...person, [name]: e.target.value })}
          required
          error={problemAt(action.problem, `/${name}`)}
        />
      ))}
      <Button type="submit" busy={action.busy}>
        {t('invite.registerAndJoin')}
      </Button>
      <ErrorLine message={problemElsewhere(action.problem, ...REGISTER_FIELDS.map((f) => `/${f}`))} />
    </form>
  )
}
