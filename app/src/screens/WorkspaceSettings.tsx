/** The current workspace's settings: its name (owners and admins may change it). */
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp, useSession } from '../api/app-context'
import { useWorkspaces } from '../shell/workspaces'
import { Button, ErrorLine, TextField } from '../ui/controls'
import { problemAt, problemElsewhere } from '../ui/errors'
import { useAction } from '../ui/useAction'

export default function WorkspaceSettingsScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const workspaces = useWorkspaces()
  const current = workspaces.data?.find((w) => w._id === session.cid)
  const [name, setName] = useState('')
  const [saved, setSaved] = useState(false)
  useEffect(() => setName(current?.name ?? ''), [current?.name])
  const rename = useAction(async () => {
    setSaved(false)
    await app.client.call('v2.network.update', session.cid, { name: name.trim() })
    await workspaces.reload()
    setSaved(true)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void rename.run()
  }
  return (
    <>
      <h1>{t('settings.title')}</h1>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('settings.name')}
          value={name}
          onChange={(e) => {
            setName(e.target.value)
            setSaved(false)
          }}
          required
          error={problemAt(rename.problem, '/update/name', '/1/name', '/name')}
        />
        <Button type="submit" busy={rename.busy}>
          {t('settings.rename')}
        </Button>
        <p role="status" className="status">
          {saved ? t('common.saved') : ''}
        </p>
        <ErrorLine message={problemElsewhere(rename.problem, '/update/name', '/1/name', '/name')} />
      </form>
    </>
  )
}
