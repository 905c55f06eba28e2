/** Register, then signed in and in the new workspace; the server's reasons are shown at the field they name. */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { signIn, useApp } from '../api/app-context'
import { paths } from '../routes'
import { Button, ErrorLine, TextField } from '../ui/controls'
import { problemAt, problemElsewhere } from '../ui/errors'
import { useAction } from '../ui/useAction'

const FIELDS = ['firstname', 'lastname', 'email', 'password'] as const
type Person = Record<(typeof FIELDS)[number], string>
const AUTOCOMPLETE: Person = { firstname: 'given-name', lastname: 'family-name', email: 'username', password: 'new-password' }

export function RegisterScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const navigate = useNavigate()
  const [person, setPerson] = useState<Person>({ firstname: '', lastname: '', email: '', password: '' })
  const action = useAction(async () => {
    await app.client.call('v2.user.register', person)
    const session = await signIn(app, person.email, person.password)
    navigate(paths.workspace(session.cid), { replace: true })
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void action.run()
  }
  const paths_ = FIELDS.map((f) => `/${f}`)
  return (
    <main id="main" className="page narrow">
      <h1>{t('register.title')}</h1>
      <form onSubmit={submit} noValidate>
        {FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(`register.${name}`)}
            type={name === 'email' ? 'email' : name === 'password' ? 'password' : 'text'}
            autoComplete={AUTOCOMPLETE[name]}
            value={person[name]}
            onChange={(e) => setPerson({ ...person, [name]: e.target.value })}
            required
            error={problemAt(action.problem, `/${name}`)}
          />
        ))}
        <Button type="submit" busy={action.busy}>
          {t('register.submit')}
        </Button>
        <ErrorLine message={problemElsewhere(action.problem, ...paths_)} />
      </form>
      <p>
        {t('register.haveAccount')} <Link to={paths.signIn()}>{t('signIn.title')}</Link>
      </p>
    </main>
  )
}
