/** A few DOM helpers: elements from tag, attributes and children; form fields with their error line. */
type Child = Node | string | null | undefined | false
type Attrs = Record<string, string | number | boolean | ((event: any) => void) | undefined>

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value)
    else if (name === 'text') el.textContent = String(value)
    else el.setAttribute(name, value === true ? '' : String(value))
  }
  el.append(...(children.filter((c) => c !== null && c !== undefined && c !== false) as Array<Node | string>))
  return el
}

let fieldCount = 0

export interface Field {
  row: HTMLElement
  input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
  /** Shows the server's reason under the field (and tells assistive technology); '' clears it. */
  setError(message: string): void
}

/** A labelled input with an error line tied to it by aria-describedby. */
export function field(label: string, input: Field['input']): Field {
  const id = input.id || `f${++fieldCount}`
  input.id = id
  const error = h('p', { class: 'error', id: `${id}-error`, role: 'alert' })
  input.setAttribute('aria-describedby', error.id)
  return {
    row: h('div', { class: 'field' }, h('label', { for: id, text: label }), input, error),
    input,
    setError(message) {
      error.textContent = message
      if (message) input.setAttribute('aria-invalid', 'true')
      else input.removeAttribute('aria-invalid')
    },
  }
}

export const input = (attrs: Attrs = {}) => h('input', { type: 'text', ...attrs })

export function select(options: Array<[value: string, label: string]>, selected?: string, attrs: Attrs = {}) {
  const el = h('select', attrs)
  for (const [value, label] of options) el.append(h('option', { value, text: label, selected: value === selected }))
  return el
}

/** A status line read out when it changes. */
export const status = () => h('p', { class: 'status', role: 'status', 'aria-live': 'polite' })

/** 24 hex characters, as the server's ids (phases are named by the client). */
export function newObjectId(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
