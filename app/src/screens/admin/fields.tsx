/** Labelled select and checkbox with their error, as TextField is for text (ui/controls.tsx). */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { formats } from '../../ui/formats'

export function SelectField({
  label,
  error,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {children}
      </select>
      {error ? (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function CheckField({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  const id = useId()
  return (
    <div className="check">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  )
}

/** A date in the person's language. */
export const formatDate = (ms: number | undefined, language: string) => (ms ? formats(language).mediumDay.format(ms) : '—')

/**
 * A stored value shown as the person just set it while the change is on its way: `change(value,
 * send)` shows `value`, runs `send` (the call, then the reload of the live data) and shows the stored
 * value again after, the new one when it went through, the old one when it was refused. Without it a
 * checkbox or select would jump back until the live data arrives.
 */
export function usePending<T>(stored: T): [T, (value: T, send: () => Promise<unknown>) => Promise<void>] {
  const [pending, setPending] = useState<{ value: T } | null>(null)
  const change = async (value: T, send: () => Promise<unknown>) => {
    setPending({ value })
    try {
      await send()
    } finally {
      setPending(null)
    }
  }
  return [pending ? pending.value : stored, change]
}
