/**
 * The activity's files: each with its name, size and, for an image, a preview (the /image route's
 * `thumb` size, read with the session key and shown as a blob: URL, which the page's policy allows);
 * a file is downloaded by its name, added by choosing one (POST /upload, then updateMany's fileIds),
 * and removed from the activity (updateMany with the list without it).
 */
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { download, upload, type HlrClient } from '../../../../client'
import { useApp } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { Button, ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import type { Activity } from '../board/activities'

interface FileInfo {
  _id: string
  name: string
  size: number
  contentType: string
}

/** A size in the page's language, in bytes, kilobytes or megabytes. */
export function formatSize(bytes: number, lang: string): string {
  const [value, unit] = bytes < 1000 ? [bytes, 'byte'] : bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte']
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
}

export function Files({ activity, reload }: { activity: Activity; reload: () => Promise<void> }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const id = useId()
  const ids = activity.files ?? []
  const files = useLive(
    `files:${activity._id}:${ids.join(',')}`,
    () => Promise.all(ids.map(async (f) => (await app.client.call('v3.file.get', f)) as unknown as FileInfo)),
    [],
  )
  const setFiles = async (fileIds: string[]) => {
    await app.client.call('v3.activity.updateMany', [{ _id: activity._id, fileIds }] as never)
    await reload()
  }
  const add = useAction(async (input: HTMLInputElement) => {
    const chosen = input.files?.[0]
    if (!chosen) return
    const { _id } = await upload(app.client, chosen, { name: chosen.name })
    input.value = ''
    await setFiles([...ids, _id])
  })
  const remove = useAction((fileId: string) => setFiles(ids.filter((f) => f !== fileId)))
  const open = useAction(async (file: FileInfo) => {
    const { blob } = await download(app.client, file._id)
    const url = URL.createObjectURL(blob)
    const a = document.createElement('a')
    a.href = url
    a.download = file.name
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  })

  return (
    <section className="files" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('files.title')}</h2>
      {files.error && !files.data ? <ErrorLine message={problemOf(files.error).message} /> : null}
      {!ids.length ? (
        <p className="muted">{t('files.none')}</p>
      ) : (
        <ul className="file-list">
          {(files.data ?? []).map((file) => (
            <li key={file._id}>
              {file.contentType.startsWith('image/') ? <Preview client={app.client} file={file} /> : null}
              <span>
                <button type="button" className="link" onClick={() => void open.run(file)}>
                  {file.name}
                </button>{' '}
                <span className="muted">{formatSize(file.size, i18n.language)}</span>
              </span>
              <Button busy={remove.busy} onClick={() => void remove.run(file._id)} aria-label={t('files.removeNamed', { name: file.name })}>
                {t('files.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="inline-form">
        <label htmlFor={`${id}-add`}>{t('files.add')}</label>
        <input id={`${id}-add`} type="file" aria-busy={add.busy || undefined} disabled={add.busy} onChange={(e) => void add.run(e.currentTarget)} />
        {add.busy ? <span role="status">{t('files.uploading')}</span> : null}
      </div>
      <ErrorLine message={(add.problem ?? remove.problem ?? open.problem)?.message} />
    </section>
  )
}

/** An image's thumbnail, read with the session key (an <img> cannot send it) and shown from a blob: URL. */
function Preview({ client, file }: { client: HlrClient; file: FileInfo }) {
  const { t } = useTranslation()
  const [src, setSrc] = useState<string>()
  useEffect(() => {
    let url: string | undefined
    let gone = false
    void client
      .fetcher(`${client.base}/image/thumb/${encodeURIComponent(file._id)}`, { headers: client.key ? { hlrkey: client.key } : {}, credentials: 'omit' })
      .then((res) => (res.ok ? res.blob() : undefined))
      .then((blob) => {
        if (!blob || gone) return
        url = URL.createObjectURL(blob)
        setSrc(url)
      })
      .catch(() => undefined)
    return () => {
      gone = true
      if (url) URL.revokeObjectURL(url)
    }
  }, [client, file._id])
  return src ? <img className="preview" src={src} alt={t('files.preview', { name: file.name })} /> : <span className="preview placeholder" aria-hidden="true" />
}
