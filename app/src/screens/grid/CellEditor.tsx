/**
 * One value of one activity being edited in the grid: the editor of its type, Save (Enter) and
 * Cancel (Escape). Someone else's change to the same value — pushed live, or found by the server
 * when the save comes from a stale read (409) — is shown beside the editor with Keep mine (the
 * other value becomes the base, so the next save replaces it knowingly) and Take theirs.
 */
import { useEffect, useRef, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ErrorLine } from '../../ui/controls'
import type { Problem } from '../../ui/errors'
import { FieldEditor } from '../activity/editors'
import type { Workflow, WorkflowField } from '../workflow/workflows'
import { livePhases } from '../workflow/workflows'

export interface Editing {
  id: string
  key: string
  value: unknown
  base: unknown
}

interface Props {
  workflow: Workflow
  field?: WorkflowField
  editing: Editing
  label: string
  theirs: { value: unknown } | null
  busy: boolean
  problem: Problem | null
  format: (value: unknown) => string
  onChange: (value: unknown) => void
  onSave: () => void
  onCancel: () => void
  onKeep: () => void
  onTake: () => void
}

export function CellEditor({ workflow, field, editing, label, theirs, busy, problem, format, onChange, onSave, onCancel, onKeep, onTake }: Props) {
  const { t } = useTranslation()
  const form = useRef<HTMLFormElement>(null)
  const id = `edit-${editing.id}-${editing.key}`
  // The editor takes the focus when it opens.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus()
  }, [])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave()
  }
  return (
    <form
      ref={form}
      className="cell-editor"
      onSubmit={submit}
      aria-label={t('grid.editing', { label })}
      onKeyDown={(e) => {
        e.stopPropagation()
        if (e.key === 'Escape') {
          e.preventDefault()
          onCancel()
        } else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'SELECT') {
          // A select does not submit its form on Enter by itself; in a cell it saves like a text box.
          e.preventDefault()
          onSave()
        }
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {editing.key === 'name' ? (
        <input id={id} type="text" value={String(editing.value ?? '')} onChange={(e) => onChange(e.target.value)} />
      ) : editing.key === 'phaseId' ? (
        <select id={id} value={String(editing.value ?? '')} onChange={(e) => onChange(e.target.value)}>
          {livePhases(workflow).map((p) => (
            <option key={p} value={p}>
              {workflow.phases[p]?.name ?? t('board.phase')}
            </option>
          ))}
        </select>
      ) : (
        <FieldEditor field={field!} value={editing.value} onChange={onChange} id={id} describedBy={theirs ? `${id}-conflict` : undefined} />
      )}
      {theirs ? (
        <div className="conflict" id={`${id}-conflict`} role="alert">
          <p>
            {t('activity.changedByOther')} <strong>{format(theirs.value) || t('activity.empty')}</strong>
          </p>
          <button type="button" className="button" onClick={onKeep}>
            {t('activity.keepMine')}
          </button>{' '}
          <button type="button" className="button" onClick={onTake}>
            {t('activity.takeTheirs')}
          </button>
        </div>
      ) : null}
      <ErrorLine message={problem?.message} />
      <div className="actions">
        <Button type="submit" busy={busy} onClick={() => undefined}>
          {t('grid.save')}
        </Button>
        <button type="button" className="button" onClick={onCancel}>
          {t('grid.cancel')}
        </button>
      </div>
    </form>
  )
}
