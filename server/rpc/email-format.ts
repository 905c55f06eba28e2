/**
 * The `email` format of the schemas: ajv-formats' syntax (dot-atom local part, host name of
 * letters, digits and hyphens with at least one dot) within the length limits of RFC 5321 4.5.3.1:
 * at most 254 characters in all (a path of 256 less its angle brackets), 64 before the `@`, 63 per
 * domain label. Checked by splitting, so no pattern ever backtracks over a caller's text.
 */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i

export const EMAIL_MAX_LENGTH = 254

export function isEmailAddress(text: string): boolean {
  if (text.length > EMAIL_MAX_LENGTH) return false
  const at = text.lastIndexOf('@')
  if (at < 1 || at > 64) return false
  const labels = text.slice(at + 1).split('.')
  return labels.length >= 2 && LOCAL_PART.test(text.slice(0, at)) && labels.every((label) => LABEL.test(label))
}
