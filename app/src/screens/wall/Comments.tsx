/** A post's comments, oldest first, each with its author and time, and a new comment. Live. */
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApp } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { Button, ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { personName, type Comment, type Post } from './posts'
import { formats } from '../../ui/formats'

export function Comments({ post }: { post: Post }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const id = useId()
  const [text, setText] = useState('')
  const comments = useLive(
    `comments:${post._id}`,
    async () => {
      const loaded = (await app.client.call('wall2.load_comments', post._id)) as unknown as Comment[]
      return [...loaded].sort((a, b) => a.created - b.created)
    },
    ['wall2.comment.created', 'wall2.comment.updated', 'wall2.comment.removed'].map((sig) => ({ sig, when: (m: { postId: string }) => m.postId === post._id })),
  )
  const save = useAction(async () => {
    await app.client.call('wall2.save_comment', { text }, post._id)
    setText('')
    await comments.reload()
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save.run()
  }
  const when = formats(i18n.language).when
  return (
    <section className="comments" aria-label={t('wall.commentsOf', { subject: post.subject ?? '' })}>
      {comments.error && !comments.data ? <ErrorLine message={problemOf(comments.error).message} /> : null}
      <ul>
        {(comments.data ?? []).map((c) => (
          <li key={c._id}>
            <strong>{personName(c.author) || t('history.someone')}</strong> <time dateTime={new Date(c.created).toISOString()}>{when.format(c.created)}</time>
            <p className="text">{c.text}</p>
          </li>
        ))}
      </ul>
      {post.allowReply !== false ? (
        <form className="inline-form" onSubmit={submit}>
          <label htmlFor={`${id}-text`}>{t('wall.yourComment')}</label>
          <input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" busy={save.busy}>
            {t('wall.comment')}
          </Button>
        </form>
      ) : null}
      <ErrorLine message={save.problem?.message} />
    </section>
  )
}
