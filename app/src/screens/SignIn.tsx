/** Sign in; back to where the person was going, or to their current workspace. */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { signIn, useApp, useSession } from '../api/app-context'
import { paths } from '../routes'
import { Button, ErrorLine, TextField } from '../ui/controls'
import { problemAt, problemElsewhere } from '../ui/errors'
import { useAction } from '../ui/useAction'

export function SignInScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()
  const navigate = useNavigate()
  const from = (useLocation().state as { from?: string } | null)?.from
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const action = useAction(async () => {
    const signedIn = await signIn(app, email, password)
    navigate(from ?? paths.workspace(signedIn.cid), { replace: true })
  })
  // Signed in already (or just now: the navigation above may land after this render): where the person was going.
  if (session && !action.busy) return <Navigate to={from ?? paths.workspace(session.cid)} replace />
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void action.run()
  }
  return (
    <main id="main" className="page narrow">
      <h1>{t('signIn.title')}</h1>
      <form onSubmit={submit} aria-labelledby="signin-title" noValidate>
        <TextField
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          error={problemAt(action.problem, '/0')}
        />
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
          {t('signIn.submit')}
        </Button>
        <ErrorLine message={action.problem && problemElsewhere(action.problem, '/0', '/1') && t('signIn.refused', { reason: action.problem.message })} />
      </form>
      <p>
        {t('signIn.newHere')} <Link to={paths.register()}>{t('register.title')}</Link>
      </p>
    </main>
  )
}
