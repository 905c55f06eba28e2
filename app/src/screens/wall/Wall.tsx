/**
 * The workspace's wall: posts with their author and time, pinned ones first; likes, comments, and
 * for owners and admins pins and posts to everyone; a plain member writes to chosen people and
 * teams. A post can be kept as a draft (published later) or scheduled for a time. Live: anyone's
 * post, comment, like or pin loads the list again. Opening the feed marks the wall as read.
 */
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { Button, ErrorLine } from '../../ui/controls'
import { problemAt, problemOf } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { usePeople, useTeams } from '../activity/editors'
import { Comments } from './Comments'
import { loadPosts, personName, postRules, type Post, type Shelf } from './posts'
import { formats } from '../../ui/formats'

const SHELVES: Shelf[] = ['feed', 'drafts', 'scheduled']

/** Whether the caller may pin and post to everyone: owners and admins (the feed.admin capability). */
function useFeedAdmin(): boolean {
  const { client } = useApp()
  const session = useSession()!
  const members = useLive(
    `member-roles:${session.cid}`,
    async () => ((await client.call('v2.network.get', session.cid)) as unknown as { members: Array<{ uid: string; role: string }> }).members,
    [{ sig: 'network.member.updated' }],
  )
  const role = members.data?.find((m) => m.uid === session.uid)?.role
  return role === 'owner' || role === 'admin'
}

export default function WallScreen() {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const [params, setParams] = useSearchParams()
  const shelf = (SHELVES as string[]).includes(params.get('show') ?? '') ? (params.get('show') as Shelf) : 'feed'
  const posts = useLive(`wall:${session.cid}:${shelf}`, () => loadPosts(app.client, session.cid, shelf), postRules(session.cid))
  const admin = useFeedAdmin()
  // Reading the feed marks it read (the unread count in the header goes to zero), again as new posts arrive.
  useEffect(() => {
    if (shelf === 'feed' && posts.data) void app.client.call('wall2.seen', { networks: [session.cid] }).catch(() => undefined)
  }, [app.client, session.cid, shelf, posts.data])

  return (
    <>
      <h1>{t('wall.title')}</h1>
      <Composer admin={admin} onPosted={posts.reload} />
      <nav className="shelves" aria-label={t('wall.shelves')}>
        {SHELVES.map((s) => (
          <button
            key={s}
            type="button"
            className="tab"
            aria-current={s === shelf ? 'page' : undefined}
            onClick={() => setParams(s === 'feed' ? {} : { show: s })}
          >
            {t(`wall.shelf.${s}`)}
          </button>
        ))}
      </nav>
      {posts.error && !posts.data ? <ErrorLine message={problemOf(posts.error).message} /> : null}
      {!posts.data ? (
        <p className="muted">{t('common.loading')}</p>
      ) : !posts.data.length ? (
        <p className="muted">{t(`wall.empty.${shelf}`)}</p>
      ) : (
        <ul className="posts">
          {posts.data.map((post) => (
            <PostItem key={post._id} post={post} admin={admin} reload={posts.reload} />
          ))}
        </ul>
      )}
    </>
  )
}

/** A new post: subject, text, to whom, and whether to keep it as a draft or publish it at a time. */
function Composer({ admin, onPosted }: { admin: boolean; onPosted: () => Promise<void> }) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const id = useId()
  const people = usePeople().filter((p) => p.id !== session.uid)
  const teams = useTeams()
  const [subject, setSubject] = useState('')
  const [text, setText] = useState('')
  const [everyone, setEveryone] = useState(true)
  const [to, setTo] = useState<string[]>([])
  const [draft, setDraft] = useState(false)
  const [at, setAt] = useState('')
  const toEveryone = admin && everyone
  const post = useAction(async () => {
    if (!toEveryone && !to.length) throw new Error(t('wall.chooseRecipients'))
    const scheduleTime = at ? new Date(at).getTime() : undefined
    await app.client.call('wall2.new_post', { subject, text, networks: [session.cid] }, toEveryone ? null : to, {
      allowReply: true,
      ...(draft ? { draft: true } : {}),
      ...(scheduleTime ? { scheduleTime } : {}),
    } as never)
    setSubject('')
    setText('')
    setTo([])
    setDraft(false)
    setAt('')
    await onPosted()
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void post.run()
  }
  const toggle = (r: string, on: boolean) => setTo((list) => (on ? [...list, r] : list.filter((x) => x !== r)))
  const subjectError = problemAt(post.problem, '/0/subject')
  const textError = problemAt(post.problem, '/0/text')
  return (
    <form className="composer" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('wall.newPost')}</h2>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{t('wall.subject')}</label>
        <input id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} aria-invalid={subjectError ? true : undefined} />
        {subjectError ? <p className="error">{subjectError}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('wall.text')}</label>
        <textarea id={`${id}-text`} rows={3} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={textError ? true : undefined} />
        {textError ? <p className="error">{textError}</p> : null}
      </div>
      <fieldset className="recipients">
        <legend>{t('wall.to')}</legend>
        {admin ? (
          <label>
            <input type="checkbox" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} /> {t('wall.everyone')}
          </label>
        ) : null}
        {!toEveryone
          ? [...people.map((p) => ({ r: `user_${p.id}`, name: p.name })), ...teams.map((tm) => ({ r: `team_${tm.id}`, name: tm.name }))].map(({ r, name }) => (
              <label key={r}>
                <input type="checkbox" checked={to.includes(r)} onChange={(e) => toggle(r, e.target.checked)} /> {name}
              </label>
            ))
          : null}
      </fieldset>
      <div className="inline-form">
        <label>
          <input type="checkbox" checked={draft} onChange={(e) => setDraft(e.target.checked)} /> {t('wall.keepDraft')}
        </label>
        <label htmlFor={`${id}-at`}>{t('wall.publishAt')}</label>
        <input id={`${id}-at`} type="datetime-local" value={at} disabled={draft} onChange={(e) => setAt(e.target.value)} />
      </div>
      <Button type="submit" busy={post.busy}>
        {draft ? t('wall.saveDraft') : at ? t('wall.schedule') : t('wall.post')}
      </Button>
      <ErrorLine message={post.problem && !subjectError && !textError ? post.problem.message : undefined} />
    </form>
  )
}

function PostItem({ post, admin, reload }: { post: Post; admin: boolean; reload: () => Promise<void> }) {
  const { t, i18n } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const [open, setOpen] = useState(false)
  const when = formats(i18n.language).when
  const count = formats(i18n.language).number
  const like = useAction(async () => {
    await app.client.call('wall2.like_post', post._id, post.liked ? 'unlike' : 'like')
    await reload()
  })
  const pin = useAction(async () => {
    await app.client.call('wall2.pin_post', post._id, !post.pinned)
    await reload()
  })
  const publish = useAction(async () => {
    await app.client.call('wall2.edit_post', post._id, { text: post.text, ...(post.subject ? { subject: post.subject } : {}) })
    await reload()
  })
  const remove = useAction(async () => {
    await app.client.call('wall2.remove_post', post._id)
    await reload()
  })
  const published = post.state === 'published' || !post.state
  const time = post.state === 'scheduled' && post.scheduleTime ? post.scheduleTime : (post.published ?? post.created)
  return (
    <li className={post.pinned ? 'post pinned' : 'post'}>
      <article aria-label={post.subject || t('wall.post')}>
        <p className="byline">
          <strong>{personName(post.author) || t('history.someone')}</strong>{' '}
          <time dateTime={new Date(time).toISOString()}>
            {post.state === 'scheduled' ? t('wall.scheduledFor', { when: when.format(time) }) : when.format(time)}
          </time>
          {post.pinned ? <span className="badge">{t('wall.pinned')}</span> : null}
          {post.announcement ? <span className="muted"> · {t('wall.everyone')}</span> : null}
        </p>
        {post.subject ? <h2>{post.subject}</h2> : null}
        <p className="text">{post.text}</p>
        <div className="inline-form">
          {published ? (
            <>
              <Button busy={like.busy} aria-pressed={!!post.liked} onClick={() => void like.run()}>
                {post.liked ? t('wall.unlike') : t('wall.like')} ({count.format(post.likes ?? 0)})
              </Button>
              <Button aria-expanded={open} onClick={() => setOpen(!open)}>
                {t('wall.comments', { count: post.comments ?? 0 })}
              </Button>
              {admin ? (
                <Button busy={pin.busy} onClick={() => void pin.run()}>
                  {post.pinned ? t('wall.unpin') : t('wall.pin')}
                </Button>
              ) : null}
            </>
          ) : (
            <Button busy={publish.busy} onClick={() => void publish.run()}>
              {t('wall.publishNow')}
            </Button>
          )}
          {post.uid === session.uid || admin ? (
            <Button className="danger" busy={remove.busy} onClick={() => void remove.run()}>
              {t('wall.remove')}
            </Button>
          ) : null}
        </div>
        <ErrorLine message={(like.problem ?? pin.problem ?? publish.problem ?? remove.problem)?.message} />
        {open ? <Comments post={post} /> : null}
      </article>
    </li>
  )
}
