/**
 * Prints the signal table of docs/reference/signals.md from the catalogue in
 * server/realtime/signals.ts (`npm run readme` writes it between the signals markers).
 */
import { AUDIENCE_TEXT, SIGNALS } from '../server/realtime/signals'

const KIND_TEXT: Record<string, string> = {
  ids: '[ids]',
  names: '[names]',
  flag: 'true/false',
  'id|null': 'id or null',
  'text|null': 'text or null',
  'time|null': 'ms or null',
}

const metaText = (shape: Record<string, string>) =>
  `{${Object.entries(shape)
    .map(([key, kind]) => {
      const optional = kind.endsWith('?')
      const base = optional ? kind.slice(0, -1) : kind
      return `${key}${optional ? '?' : ''}${base === 'id' ? '' : `: ${KIND_TEXT[base] ?? base}`}`
    })
    .join(', ')}}`

export function signalsMarkdown(): string {
  const lines = ['| signal | to | meta | note |', '|---|---|---|---|']
  for (const [name, spec] of Object.entries(SIGNALS)) {
    const note = 'note' in spec ? spec.note : ''
    lines.push(`| \`${name}\` | ${spec.to.map((a) => AUDIENCE_TEXT[a]).join('; ')} | \`${metaText(spec.meta)}\` | ${note} |`)
  }
  return lines.join('\n')
}
