/** The builder's own form controls and its save helper (the shared ones are in app/src/ui). */
import { useId, useState, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ErrorLine } from '../../ui/controls'
import { problemElsewhere, type Problem } from '../../ui/errors'
import { useAction, type Action } from '../../ui/useAction'
import { isStale } from './api'

/** The reason when the server named a path under `prefix` (e.g. `/phases/<id>/name`). */
export const problemUnder = (problem: Problem | null, prefix: string) => (problem?.path?.startsWith(prefix) ? problem.message : undefined)

/** useAction that also knows when the refusal was a stale read (409 "changed by someone else"). */
export function useSave<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Action<A, R> & { stale: boolean } {
  const [stale, setStale] = useState(false)
  const action = useAction(async (...args: A) => {
    setStale(false)
    try {
      return await fn(...args)
    } catch (err) {
      if (isStale(err)) setStale(true)
      throw err
    }
  })
  return { ...action, stale }
}

/**
 * What a save's refusal says next to its button: a stale read as "changed by someone else" with a
 * reload (which takes the current version and drops the form's changes), anything else as the server's reason.
 */
export function SaveProblem({
  action,
  claimed = [],
  onReload,
}: {
  action: Pick<Action<[], unknown>, 'problem' | 'clear'> & { stale: boolean }
  claimed?: string[]
  onReload: () => void
}) {
  const { t } = useTranslation()
  if (action.stale)
    return (
      <div className="error" role="alert">
        {t('builder.stale')}{' '}
        <Button
          onClick={() => {
            action.clear()
            onReload()
          }}
        >
          {t('builder.reload')}
        </Button>
      </div>
    )
  return <ErrorLine message={problemElsewhere(action.problem, ...claimed)} />
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; hint?: ReactNode }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {children}
      </select>
      {hint ? <p className="hint">{hint}</p> : null}
      {error ? (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function TextArea({ label, error, ...area }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} {...area} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function CheckField({ label, checked, onChange, error }: { label: string; checked: boolean; onChange: (checked: boolean) => void; error?: string }) {
  const id = useId()
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A removal asks once more in place (no dialog): the first press shows "Remove … ?" with yes and cancel. */
export function ConfirmRemove({
  label,
  name,
  question,
  busy,
  onConfirm,
}: {
  label: string
  name?: string
  question: string
  busy: boolean
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  if (!asking)
    return (
      <Button className="danger" aria-label={name} onClick={() => setAsking(true)}>
        {label}
      </Button>
    )
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span>{question}</span>{' '}
      <Button className="danger" busy={busy} onClick={onConfirm} autoFocus>
        {t('builder.confirmRemove')}
      </Button>{' '}
      <Button onClick={() => setAsking(false)}>{t('builder.cancel')}</Button>
    </span>
  )
}
