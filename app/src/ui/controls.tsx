/** The few building blocks every screen uses: a busy-aware button, a labelled field with its error, an error line. */
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * While busy the button is aria-disabled, not disabled: a disabled button drops the keyboard focus,
 * and the person's focus must stay where it was after the action.
 */
export function Button({ busy, children, onClick, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      {...rest}
      className={['button', className].filter(Boolean).join(' ')}
      aria-disabled={busy || rest['aria-disabled'] ? true : undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) return event.preventDefault()
        onClick?.(event)
      }}
    >
      {children}
      {busy ? <span className="busy">{t('common.busy')}</span> : null}
    </button>
  )
}

export function TextField({ label, error, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {hint ? <p className="hint">{hint}</p> : null}
      {error ? (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A refusal that names no input, shown next to the button that was pressed. */
export function ErrorLine({ message }: { message?: string | null }) {
  return message ? (
    <p className="error" role="alert">
      {message}
    </p>
  ) : null
}

/**
 * A secret the server gives only once (an API key, a webhook's signing secret; it keeps a hash or
 * never lists it again): shown with a Copy button until the person presses Done.
 */
export function ShownOnce({ title, value, testId, onDone }: { title: string; value: string; testId: string; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="card shown-once" role="status">
      <p>
        <strong>{title}</strong>
      </p>
      <p>{t('common.shownOnce')}</p>
      <output className="secret" data-testid={testId}>
        {value}
      </output>
      <div className="row">
        <Button className="secondary" onClick={() => void navigator.clipboard?.writeText(value)}>
          {t('common.copy')}
        </Button>
        <Button className="secondary" onClick={onDone}>
          {t('common.done')}
        </Button>
      </div>
    </div>
  )
}
