/**
 * Custom roles: a name and the capabilities it grants a member beside their role. Each role is
 * edited in place (name and capabilities, saved together) and removed (its holders lose it).
 * Nobody grants what they do not hold: the server refuses, and the reason shows at the role.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, problemElsewhere } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { AdminTabs } from './AdminTabs'
import { CAPABILITIES, type Capability, capabilityKey, type CustomRole, useCustomRoles, useMyStanding } from './data'
import { CheckField } from './fields'

export default function RolesScreen() {
  const { t } = useTranslation()
  const roles = useCustomRoles()
  const standing = useMyStanding()
  const manage = standing.data?.can('roles.manage') ?? false
  return (
    <>
      <AdminTabs />
      <h1>{t('admin.roles.title')}</h1>
      <p className="muted">{t('admin.roles.intro')}</p>
      {roles.data && !roles.data.length ? <p className="muted">{t('admin.roles.none')}</p> : null}
      <ul className="cards">
        {(roles.data ?? []).map((role) => (
          <li key={role._id} className="card">
            <RoleForm role={role} manage={manage} />
          </li>
        ))}
      </ul>
      {manage ? (
        <section aria-labelledby="new-role">
          <h2 id="new-role">{t('admin.roles.new')}</h2>
          <RoleForm manage />
        </section>
      ) : null}
    </>
  )
}

/** One role's form; without `role` it creates a new one. */
function RoleForm({ role, manage }: { role?: CustomRole; manage: boolean }) {
  const { t } = useTranslation()
  const app = useApp()
  const [name, setName] = useState(role?.name ?? '')
  const [capabilities, setCapabilities] = useState<Capability[]>(role?.capabilities ?? ['workspace.read'])
  const [saved, setSaved] = useState(false)
  // Another manager's change arrives: shown, as this form holds no unsaved edit of its own then.
  const stored = role ? `${role.name}\n${role.capabilities.join()}` : ''
  useEffect(() => {
    if (!role) return
    setName(role.name)
    setCapabilities(role.capabilities)
  }, [stored])
  const save = useAction(async () => {
    setSaved(false)
    if (role) await app.client.call('v2.network.role.update', role._id, { name: name.trim(), capabilities: capabilities as never })
    else {
      await app.client.call('v2.network.role.create', { name: name.trim(), capabilities: capabilities as never })
      setName('')
      setCapabilities(['workspace.read'])
    }
    setSaved(true)
  })
  const remove = useAction(async () => {
    await app.client.call('v2.network.role.remove', role!._id)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run()
  }
  const toggle = (c: Capability, on: boolean) => setCapabilities(on ? [...capabilities, c] : capabilities.filter((x) => x !== c))
  const title = role ? role.name : t('admin.roles.new')
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <TextField
        label={t('admin.roles.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        disabled={!manage}
        error={problemAt(save.problem, '/name')}
      />
      {role ? <p className="muted">{t('admin.roles.holders', { count: role.members })}</p> : null}
      <fieldset disabled={!manage}>
        <legend>{t('admin.roles.capabilities')}</legend>
        {CAPABILITIES.map((c) => (
          <CheckField key={c} label={t(capabilityKey(c))} checked={capabilities.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
        ))}
      </fieldset>
      {manage ? (
        <div className="row">
          <Button type="submit" busy={save.busy}>
            {role ? t('admin.roles.save') : t('admin.roles.create')}
          </Button>
          {role ? (
            <Button className="danger" busy={remove.busy} onClick={() => void remove.run()} aria-label={t('admin.roles.removeNamed', { name: role.name })}>
              {t('admin.roles.remove')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="status">
        {saved ? t('common.saved') : ''}
      </p>
      <ErrorLine message={problemElsewhere(save.problem, '/name') ?? remove.problem?.message} />
    </form>
  )
}
