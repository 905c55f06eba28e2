/** The fields of a workflow in order: each with its type, edit, move and remove; and adding one. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { Button } from '../../ui/controls'
import type { Workflow } from '../workflow/workflows'
import { moved, orderedFields, removeField, reorderFields, type Listed } from './api'
import { ConfirmRemove, SaveProblem, useSave } from './controls'
import { FieldEditor } from './FieldEditor'

export function FieldsSection({ wf, workflows, onReload }: { wf: Workflow; workflows: Listed[]; onReload: () => void }) {
  const { t } = useTranslation()
  const app = useApp()
  const fields = orderedFields(wf)
  /** The field being edited, 'new' while adding one, or null. */
  const [editing, setEditing] = useState<string | null>(null)
  const move = useSave(async (index: number, by: number, buttonId: string) => {
    const next = moved(
      fields.map((f) => f._id),
      index,
      by,
    )
    if (!next) return
    await reorderFields(app.client, wf, next)
    requestAnimationFrame(() => document.getElementById(buttonId)?.focus())
  })
  const remove = useSave(async (id: string) => {
    await removeField(app.client, wf, id)
    // The removed row took the focus with it: it goes to adding a field.
    requestAnimationFrame(() => document.getElementById('builder-add-field')?.focus())
  })
  const done = (focusId?: string) => {
    setEditing(null)
    requestAnimationFrame(() => document.getElementById(focusId ?? 'builder-add-field')?.focus())
  }
  return (
    <section aria-labelledby="builder-fields" className="panel">
      <h2 id="builder-fields">{t('builder.fieldsTitle')}</h2>
      {!fields.length ? <p className="muted">{t('builder.noFields')}</p> : null}
      <ol className="rows">
        {fields.map((field, index) => {
          const label = field.label ?? ''
          return (
            <li key={field._id} className="row">
              {editing === field._id ? (
                <FieldEditor wf={wf} field={field} workflows={workflows} onDone={() => done(`field-${field._id}-edit`)} onReload={onReload} />
              ) : (
                <>
                  <div className="row-title">
                    <strong>{label}</strong> <span className="muted">{t(`builder.types.${field.type}.name`)}</span>
                    {field.required ? <span className="badge">{t('builder.required')}</span> : null}
                    {field.functionEnabled ? <span className="badge">{t('builder.computed')}</span> : null}
                  </div>
                  <div className="actions">
                    <Button id={`field-${field._id}-edit`} aria-label={t('builder.editNamed', { name: label })} onClick={() => setEditing(field._id)}>
                      {t('builder.edit')}
                    </Button>
                    <Button
                      id={`field-${field._id}-up`}
                      busy={move.busy}
                      aria-disabled={index === 0 || undefined}
                      aria-label={t('builder.moveUp', { name: label })}
                      onClick={() => index > 0 && void move.run(index, -1, `field-${field._id}-up`)}
                    >
                      ↑
                    </Button>
                    <Button
                      id={`field-${field._id}-down`}
                      busy={move.busy}
                      aria-disabled={index === fields.length - 1 || undefined}
                      aria-label={t('builder.moveDown', { name: label })}
                      onClick={() => index < fields.length - 1 && void move.run(index, 1, `field-${field._id}-down`)}
                    >
                      ↓
                    </Button>
                    <ConfirmRemove
                      label={t('builder.remove')}
                      name={t('builder.removeNamed', { name: label })}
                      question={t('builder.removeFieldQuestion', { name: label })}
                      busy={remove.busy}
                      onConfirm={() => void remove.run(field._id)}
                    />
                  </div>
                </>
              )}
            </li>
          )
        })}
      </ol>
      <SaveProblem action={move} onReload={onReload} />
      <SaveProblem action={remove} onReload={onReload} />
      {editing === 'new' ? (
        <FieldEditor wf={wf} workflows={workflows} onDone={() => done()} onReload={onReload} />
      ) : (
        <Button id="builder-add-field" onClick={() => setEditing('new')}>
          {t('builder.addField')}
        </Button>
      )}
    </section>
  )
}
