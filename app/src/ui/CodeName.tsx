/** A server code in words, with the code itself beside it, small and muted: integrators look for the code. */
import { useTranslation } from 'react-i18next'
import { auditKindKey, signalKey } from '../i18n/codes'

function CodeName({ code, i18nKey }: { code: string; i18nKey: string }) {
  const { t } = useTranslation()
  // A code newer than this app's labels shows as itself.
  const label = t(i18nKey, { defaultValue: '' })
  if (!label) return <code>{code}</code>
  return (
    <>
      {label} <code className="code-note">{code}</code>
    </>
  )
}

export const SignalName = ({ code }: { code: string }) => <CodeName code={code} i18nKey={signalKey(code)} />
export const AuditKindName = ({ code }: { code: string }) => <CodeName code={code} i18nKey={auditKindKey(code)} />
