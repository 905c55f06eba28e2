/**
 * What the chosen rows can have done to them at once: a move to a phase, one field set to a value,
 * or removal. A move or an edit is one `v3.activity.updateMany` call (all or nothing) with `expect`
 * of each value as read, so a row someone else changed meanwhile makes the whole call refused (409)
 * and nothing is written. Removal is `v3.activity.remove`, and its Undo recovers the same rows.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { Button, ErrorLine } from '../../ui/controls'
import { useAction } from '../../ui/useAction'
import { readValue } from '../activity/draft'
import { FieldEditor } from '../activity/editors'
import type { Activity } from '../board/activities'
import { livePhases, type Workflow, type WorkflowField } from '../workflow/workflows'

interface Props {
  workflow: Workflow
  fields: WorkflowField[]
  chosen: Activity[]
  rows: { reload: () => Promise<void> }
  onRemoved: () => void
  onClear: () => void
}

export function BulkBar({ workflow, fields, chosen, rows, onRemoved, onClear }: Props) {
  const { t } = useTranslation()
  const { client } = useApp()
  const phases = livePhases(workflow)
  const editable = fields.filter((f) => f.functionEnabled !== true)
  const [phase, setPhase] = useState('')
  const [fieldId, setFieldId] = useState('')
  const [value, setValue] = useState<unknown>(null)
  const [removed, setRemoved] = useState<string[] | null>(null)
  const field = editable.find((f) => f._id === fieldId)

  const update = async (items: object[]) => {
    try {
      await client.call('v3.activity.updateMany', items as never)
    } finally {
      await rows.reload()
    }
  }
  const move = useAction(async () => {
    const to = phase || phases[0]
    await update(chosen.filter((a) => a.currentPhase !== to).map((a) => ({ _id: a._id, phaseId: to, expect: { phaseId: a.currentPhase } })))
  })
  const edit = useAction(async () => {
    if (!field) throw new Error(t('grid.chooseFieldFirst'))
    const stored = value === '' || value === undefined ? null : value
    await update(
      chosen.map((a) => ({ _id: a._id, fields: { [field._id]: stored }, expect: { fields: { [field._id]: readValue(a, `fields.${field._id}`) ?? null } } })),
    )
  })
  const remove = useAction(async () => {
    const ids = chosen.map((a) => a._id)
    await client.call('v3.activity.remove', ids as never)
    setRemoved(ids)
    onRemoved()
    await rows.reload()
  })
  const undo = useAction(async () => {
    await client.call('v3.activity.removed.recover', removed as never)
    setRemoved(null)
    await rows.reload()
  })

  return (
    <>
      <div role="status" className="toast-area">
        {removed ? (
          <p className="toast">
            {t('grid.removed', { count: removed.length })}{' '}
            <Button busy={undo.busy} onClick={() => void undo.run()}>
              {t('grid.undo')}
            </Button>{' '}
            <button type="button" className="button" onClick={() => setRemoved(null)}>
              {t('grid.dismiss')}
            </button>
          </p>
        ) : null}
        <ErrorLine message={undo.problem?.message} />
      </div>
      {chosen.length ? (
        <section className="bulk" aria-label={t('grid.bulk', { count: chosen.length })}>
          <h2>{t('grid.bulk', { count: chosen.length })}</h2>
          <div className="bulk-part">
            <label htmlFor="bulk-phase">{t('grid.moveTo')}</label>
            <select id="bulk-phase" value={phase || phases[0]} onChange={(e) => setPhase(e.target.value)}>
              {phases.map((p) => (
                <option key={p} value={p}>
                  {workflow.phases[p]?.name ?? t('board.phase')}
                </option>
              ))}
            </select>
            <Button busy={move.busy} onClick={() => void move.run()}>
              {t('grid.move')}
            </Button>
            <ErrorLine message={move.problem?.message} />
          </div>
          <div className="bulk-part">
            <label htmlFor="bulk-field">{t('grid.setField')}</label>
            <select
              id="bulk-field"
              value={fieldId}
              onChange={(e) => {
                setFieldId(e.target.value)
                setValue(null)
              }}
            >
              <option value="">{t('grid.chooseField')}</option>
              {editable.map((f) => (
                <option key={f._id} value={f._id}>
                  {f.label}
                </option>
              ))}
            </select>
            {field ? (
              <>
                <label htmlFor="bulk-value" className="visually-hidden">
                  {t('grid.newValue', { label: field.label })}
                </label>
                <FieldEditor field={field} value={value} onChange={setValue} id="bulk-value" />
              </>
            ) : null}
            <Button busy={edit.busy} onClick={() => void edit.run()}>
              {t('grid.apply')}
            </Button>
            <ErrorLine message={edit.problem?.message} />
          </div>
          <div className="bulk-part">
            <Button busy={remove.busy} className="danger" onClick={() => void remove.run()}>
              {t('grid.remove', { count: chosen.length })}
            </Button>
            <button type="button" className="button" onClick={onClear}>
              {t('grid.clearChoice')}
            </button>
            <ErrorLine message={remove.problem?.message} />
          </div>
        </section>
      ) : null}
    </>
  )
}
