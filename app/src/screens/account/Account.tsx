/**
 * The signed-in person's own account: name and language (the language follows them to every
 * browser), profile picture, password. API keys have their own screen (ApiKeys.tsx).
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { upload } from '../../../../client'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { LANGUAGES, setLanguage, type Language } from '../../i18n'
import { paths } from '../../routes'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, problemElsewhere } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { SelectField } from '../admin/fields'

interface Profile {
  _id: string
  email: string
  firstname: string
  lastname: string
  settings: { language?: Language }
  profileImage: string | null
}

export default function AccountScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const { uid } = useSession()!
  const profile = useLive(`account:profile:${uid}`, async () => (await app.client.call('v2.user.profile', uid)) as unknown as Profile, [
    { sig: 'user.settings' },
    { sig: 'v3.user.profileImage.updated', when: (m) => m.uid === uid },
  ])
  return (
    <>
      <h1>{t('account.title')}</h1>
      <nav className="tabs" aria-label={t('account.title')}>
        <Link to={paths.account()} aria-current="page">
          {t('account.profile')}
        </Link>
        <Link to={paths.apiKeys()}>{t('account.apiKeys.title')}</Link>
      </nav>
      <ErrorLine message={profile.error ? String(profile.error) : null} />
      {profile.data ? (
        <>
          <ProfileForm profile={profile.data} />
          <Picture profile={profile.data} />
          <PasswordForm />
        </>
      ) : null}
    </>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const [firstname, setFirstname] = useState(profile.firstname)
  const [lastname, setLastname] = useState(profile.lastname)
  const [language, setChosenLanguage] = useState<Language>(profile.settings.language ?? (i18n.language as Language))
  const [saved, setSaved] = useState(false)
  useEffect(() => {
    setFirstname(profile.firstname)
    setLastname(profile.lastname)
  }, [profile.firstname, profile.lastname])
  const save = useAction(async () => {
    setSaved(false)
    const updated = (await app.client.call('v3.user.profile.update', { firstname, lastname, language })) as unknown as Profile
    const session = app.session.get()
    if (session) app.session.set({ ...session, user: { ...session.user, firstname: updated.firstname, lastname: updated.lastname } })
    setLanguage(language)
    setSaved(true)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run()
  }
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.profile')}</h2>
      <p className="muted">{profile.email}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('register.firstname')}
          autoComplete="given-name"
          value={firstname}
          onChange={(e) => setFirstname(e.target.value)}
          required
          error={problemAt(save.problem, '/firstname')}
        />
        <TextField
          label={t('register.lastname')}
          autoComplete="family-name"
          value={lastname}
          onChange={(e) => setLastname(e.target.value)}
          error={problemAt(save.problem, '/lastname')}
        />
        <SelectField label={t('account.language')} value={language} onChange={(e) => setChosenLanguage(e.target.value as Language)}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={save.busy}>
          {t('account.save')}
        </Button>
        <p role="status" className="status">
          {saved ? t('common.saved') : ''}
        </p>
        <ErrorLine message={problemElsewhere(save.problem, '/firstname', '/lastname')} />
      </form>
    </section>
  )
}

function Picture({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const app = useApp()
  const [file, setFile] = useState<File | null>(null)
  const change = useAction(async () => {
    if (!file) return
    const uploaded = await upload(app.client, file)
    await app.client.call('v3.user.profileImage.set', uploaded._id)
    setFile(null)
  })
  const remove = useAction(async () => {
    await app.client.call('v3.user.profileImage.set', null)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void change.run()
  }
  return (
    <section aria-labelledby="picture-title">
      <h2 id="picture-title">{t('account.picture')}</h2>
      {profile.profileImage ? (
        // The file id in the query makes a new picture a new address (the route caches for minutes).
        <img
          className="avatar"
          src={`/profileimage/square100/${profile._id}?v=${profile.profileImage}`}
          alt={t('account.pictureAlt')}
          width={100}
          height={100}
        />
      ) : (
        <p className="muted">{t('account.noPicture')}</p>
      )}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="picture-file">{t('account.chooseImage')}</label>
          <input id="picture-file" type="file" accept="image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <div className="row">
          <Button type="submit" busy={change.busy} aria-disabled={!file || undefined}>
            {t('account.upload')}
          </Button>
          {profile.profileImage ? (
            <Button className="secondary" busy={remove.busy} onClick={() => void remove.run()}>
              {t('account.removePicture')}
            </Button>
          ) : null}
        </div>
        <ErrorLine message={change.problem?.message ?? remove.problem?.message} />
      </form>
    </section>
  )
}

function PasswordForm() {
  const { t } = useTranslation()
  const app = useApp()
  const [currentPassword, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [saved, setSaved] = useState(false)
  const save = useAction(async () => {
    setSaved(false)
    await app.client.call('v3.user.password.set', { currentPassword, password })
    setCurrent('')
    setPassword('')
    setSaved(true)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run()
  }
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">{t('account.password')}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          required
          error={problemAt(save.problem, '/currentPassword')}
        />
        <TextField
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          hint={t('account.passwordHint')}
          error={problemAt(save.problem, '/password')}
        />
        <Button type="submit" busy={save.busy}>
          {t('account.changePassword')}
        </Button>
        <p role="status" className="status">
          {saved ? t('account.passwordChanged') : ''}
        </p>
        <ErrorLine message={problemElsewhere(save.problem, '/currentPassword', '/password')} />
      </form>
    </section>
  )
}
