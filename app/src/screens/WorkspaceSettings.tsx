/**
 * The current workspace's settings: its name (owners and admins may change it). The rename is sent
 * with the name as it was when the person started typing (`expect`): if someone renamed the workspace
 * meanwhile, the server refuses it and the person sees the other name, to replace it or take it.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { HlrError } from '../../../client'
import { useApp, useSession } from '../api/app-context'
import { useWorkspaces } from '../shell/workspaces'
import { Button, ErrorLine, TextField } from '../ui/controls'
import { problemAt, problemElsewhere } from '../ui/errors'
import { useAction } from '../ui/useAction'
import { AdminTabs } from './admin/AdminTabs'

const NAME_PATHS = ['/update/name', '/1/name', '/name']

export default function WorkspaceSettingsScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const workspaces = useWorkspaces()
  const current = workspaces.data?.find((w) => w._id === session.cid)
  const [name, setName] = useState('')
  /** The name as read when the person started typing; null while they have not. */
  const [base, setBase] = useState<string | null>(null)
  const [theirs, setTheirs] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  // Someone else's rename shows in the field unless the person is typing.
  useEffect(() => {
    if (base === null) setName(current?.name ?? '')
  }, [current?.name, base])
  const rename = useAction(async () => {
    setSaved(false)
    try {
      await app.client.call('v2.network.update', session.cid, { name: name.trim(), expect: { name: base ?? current?.name } } as never)
    } catch (err) {
      if (err instanceof HlrError && err.code === 409 && err.details?.reason === 'stale') {
        // Pressing Rename again replaces their name knowingly.
        setBase(String(err.details.current))
        setTheirs(String(err.details.current))
        throw new Error(t('settings.stale', { name: err.details.current }))
      }
      throw err
    }
    setBase(null)
    setTheirs(null)
    await workspaces.reload()
    setSaved(true)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void rename.run()
  }
  return (
    <>
      <AdminTabs />
      <h1>{t('settings.title')}</h1>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('settings.name')}
          value={name}
          onChange={(e) => {
            if (base === null) setBase(current?.name ?? '')
            setName(e.target.value)
            setSaved(false)
          }}
          required
          error={problemAt(rename.problem, ...NAME_PATHS)}
        />
        <Button type="submit" busy={rename.busy}>
          {t('settings.rename')}
        </Button>
        <p role="status" className="status">
          {saved ? t('common.saved') : ''}
        </p>
        <ErrorLine message={problemElsewhere(rename.problem, ...NAME_PATHS)} />
        {theirs !== null && rename.problem ? (
          <Button
            onClick={() => {
              setName(theirs)
              setBase(null)
              setTheirs(null)
              rename.clear()
            }}
          >
            {t('settings.takeTheirs')}
          </Button>
        ) : null}
      </form>
    </>
  )
}
