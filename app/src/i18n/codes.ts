/**
 * The i18n keys of the server's codes shown to people: the signals a webhook posts (also an
 * automation run's event) and the kinds of act in the audit trail. The codes are listed once, in
 * schemas/types.generated.ts (WEBHOOK_SIGNALS, AUDIT_KIND_NAMES); i18n.test.ts checks each has an
 * English label. A code's dots become underscores: i18next reads a dot in a key as nesting.
 */
const flat = (code: string) => code.replaceAll('.', '_')
export const signalKey = (code: string) => `signal.${flat(code)}`
export const auditKindKey = (code: string) => `auditKind.${flat(code)}`
