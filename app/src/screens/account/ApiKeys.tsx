/**
 * The person's API keys: each acts as them in one workspace, optionally only from listed addresses,
 * until it expires or is revoked. A new key is shown once, right after it is made (the server keeps
 * only its hash); after that only its first characters are listed. Live: a key made or revoked in
 * another tab shows at once.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { useWorkspaces } from '../../shell/workspaces'
import { Button, ErrorLine, ShownOnce, TextField } from '../../ui/controls'
import type { Problem } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { formatDate, SelectField } from '../admin/fields'

interface ApiKey {
  _id: string
  workspaceId: string
  name: string
  keyPrefix: string
  whitelistIps: string[]
  created: number
  expires: number
  lastUsed?: number
}

/** Addresses as typed: one per line or separated by commas or spaces. */
const parseIps = (text: string) => text.split(/[\s,]+/).filter(Boolean)
/** The refusal of one argument (the whitelist's names the entry's index inside it), shown at its input. */
const atArgument = (problem: Problem | null, argument: number) => (problem?.argument === argument ? problem.message : undefined)
/** A refusal no input shows. */
const elsewhere = (problem: Problem | null, shown: number[]) => (problem && !shown.includes(problem.argument ?? -1) ? problem.message : undefined)

const RULES = [{ sig: 'user.apikey.created' }, { sig: 'user.apikey.updated' }, { sig: 'user.apikey.removed' }]

export default function ApiKeysScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const { uid } = useSession()!
  const keys = useLive(`account:apiKeys:${uid}`, async () => (await app.client.call('v3.user.apikey.list')) as unknown as ApiKey[], RULES)
  const workspaces = useWorkspaces()
  const nameOf = (id: string) => workspaces.data?.find((w) => w._id === id)?.name ?? id
  return (
    <>
      <h1>{t('account.title')}</h1>
      <nav className="tabs" aria-label={t('account.title')}>
        <Link to={paths.account()}>{t('account.profile')}</Link>
        <Link to={paths.apiKeys()} aria-current="page">
          {t('account.apiKeys.title')}
        </Link>
      </nav>
      <p className="muted">{t('account.apiKeys.intro')}</p>
      <ErrorLine message={keys.error ? String(keys.error) : null} />
      {keys.data && !keys.data.length ? <p className="muted">{t('account.apiKeys.none')}</p> : null}
      <ul className="cards">
        {(keys.data ?? []).map((key) => (
          <li key={key._id} className="card" aria-label={key.name}>
            <KeyRow apiKey={key} workspaceName={nameOf(key.workspaceId)} />
          </li>
        ))}
      </ul>
      <NewKey />
    </>
  )
}

function NewKey() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const workspaces = useWorkspaces()
  const [name, setName] = useState('')
  const [workspaceId, setWorkspaceId] = useState(session.cid)
  const [ips, setIps] = useState('')
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null)
  const create = useAction(async () => {
    setCreated(null)
    const made = (await app.client.call('v3.user.apikey.create', name.trim(), workspaceId, parseIps(ips))) as { key: string }
    setCreated({ name: name.trim(), key: made.key })
    setName('')
    setIps('')
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void create.run()
  }
  return (
    <section aria-labelledby="new-key">
      <h2 id="new-key">{t('account.apiKeys.new')}</h2>
      {created ? (
        <ShownOnce title={t('account.apiKeys.createdTitle', { name: created.name })} value={created.key} testId="new-api-key" onDone={() => setCreated(null)} />
      ) : null}
      <form onSubmit={submit} noValidate>
        <TextField label={t('account.apiKeys.name')} value={name} onChange={(e) => setName(e.target.value)} required error={atArgument(create.problem, 0)} />
        <SelectField
          label={t('account.apiKeys.workspace')}
          value={workspaceId}
          onChange={(e) => setWorkspaceId(e.target.value)}
          error={atArgument(create.problem, 1)}
        >
          {(workspaces.data ?? []).map((w) => (
            <option key={w._id} value={w._id}>
              {w.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('account.apiKeys.ips')}
          hint={t('account.apiKeys.ipsHint')}
          value={ips}
          onChange={(e) => setIps(e.target.value)}
          error={atArgument(create.problem, 2)}
        />
        <Button type="submit" busy={create.busy}>
          {t('account.apiKeys.create')}
        </Button>
        <ErrorLine message={elsewhere(create.problem, [0, 1, 2])} />
      </form>
    </section>
  )
}

function KeyRow({ apiKey, workspaceName }: { apiKey: ApiKey; workspaceName: string }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const [name, setName] = useState(apiKey.name)
  const [ips, setIps] = useState(apiKey.whitelistIps.join(', '))
  const [saved, setSaved] = useState(false)
  const stored = `${apiKey.name}\n${apiKey.whitelistIps.join()}`
  useEffect(() => {
    setName(apiKey.name)
    setIps(apiKey.whitelistIps.join(', '))
  }, [stored])
  const save = useAction(async () => {
    setSaved(false)
    await app.client.call('v3.user.apikey.update', apiKey._id, name.trim(), parseIps(ips))
    setSaved(true)
  })
  const revoke = useAction(async () => {
    await app.client.call('v3.user.apikey.remove', apiKey._id)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run()
  }
  const date = (ms?: number) => formatDate(ms, i18n.language)
  return (
    <>
      <strong>{apiKey.name}</strong> <code>{apiKey.keyPrefix}…</code>
      <p className="muted">
        {t('account.apiKeys.facts', {
          workspace: workspaceName,
          created: date(apiKey.created),
          expires: date(apiKey.expires),
          lastUsed: apiKey.lastUsed ? date(apiKey.lastUsed) : t('account.apiKeys.never'),
        })}
      </p>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('account.apiKeys.nameOf', { name: apiKey.name })}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={atArgument(save.problem, 1)}
        />
        <TextField
          label={t('account.apiKeys.ipsOf', { name: apiKey.name })}
          hint={t('account.apiKeys.ipsHint')}
          value={ips}
          onChange={(e) => setIps(e.target.value)}
          error={atArgument(save.problem, 2)}
        />
        <div className="row">
          <Button type="submit" className="secondary" busy={save.busy}>
            {t('account.apiKeys.save')}
          </Button>
          <Button className="danger" busy={revoke.busy} onClick={() => void revoke.run()} aria-label={t('account.apiKeys.revokeNamed', { name: apiKey.name })}>
            {t('account.apiKeys.revoke')}
          </Button>
        </div>
        <p role="status" className="status">
          {saved ? t('common.saved') : ''}
        </p>
        <ErrorLine message={elsewhere(save.problem, [1, 2]) ?? revoke.problem?.message} />
      </form>
    </>
  )
}
