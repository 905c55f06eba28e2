/** Sign in and register; the server's reasons are shown at the field they name. */
import { HlrError } from '../../client'
import { describe, loadSession, type App } from '../app'
import { field, h, input, status, type Field } from '../dom'

export async function signInScreen(app: App, main: HTMLElement) {
  const email = field('E-mail', input({ type: 'email', autocomplete: 'username', required: true }))
  const password = field('Password', input({ type: 'password', autocomplete: 'current-password', required: true }))
  const line = status()
  const form = h('form', { 'aria-labelledby': 'signin-title' }, email.row, password.row, h('button', { type: 'submit', text: 'Sign in' }), line)
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    line.textContent = ''
    try {
      await app.client.login(email.input.value, password.input.value)
      await loadSession(app)
      location.hash = '#/workflows'
    } catch (err) {
      showAt(err, { '/0': email, '/1': password }, line)
    }
  })
  main.append(h('h1', { id: 'signin-title', text: 'Sign in' }), form, h('p', {}, 'New here? ', h('a', { href: '#/register', text: 'Register' })))
}

export async function registerScreen(app: App, main: HTMLElement) {
  const fields = {
    firstname: field('First name', input({ autocomplete: 'given-name', required: true })),
    lastname: field('Last name', input({ autocomplete: 'family-name', required: true })),
    email: field('E-mail', input({ type: 'email', autocomplete: 'username', required: true })),
    password: field('Password', input({ type: 'password', autocomplete: 'new-password', required: true })),
  }
  const line = status()
  const form = h(
    'form',
    { 'aria-labelledby': 'register-title' },
    ...Object.values(fields).map((f) => f.row),
    h('button', { type: 'submit', text: 'Register' }),
    line,
  )
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const person = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.input.value])) as Record<keyof typeof fields, string>
    try {
      await app.client.call('v2.user.register', person)
      await app.client.login(person.email, person.password)
      await loadSession(app)
      location.hash = '#/workflows'
    } catch (err) {
      showAt(err, Object.fromEntries(Object.entries(fields).map(([name, f]) => [`/${name}`, f])), line)
    }
  })
  main.append(h('h1', { id: 'register-title', text: 'Register' }), form)
}

/** Puts a 400's reason at the field its path names (or the argument position), else on the status line. */
export function showAt(err: unknown, byPath: Record<string, Field>, line: HTMLElement) {
  for (const f of Object.values(byPath)) f.setError('')
  const details = err instanceof HlrError ? err.details : undefined
  // A path may come with the position of the record in a list (`/0/fields/<id>`): match its end.
  const path: string | undefined = details?.path
  const target = details && (Object.entries(byPath).find(([key]) => path?.endsWith(key))?.[1] ?? byPath[`/${details.argument}`])
  if (target) {
    target.setError(details.reason ?? (err as HlrError).msg)
    target.input.focus()
  } else line.textContent = describe(err)
}
