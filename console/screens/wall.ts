/** The wall of the current workspace (shown only when the server has wall2): posts, and a new one. */
import { describe, type App } from '../app'
import { field, h, input, status } from '../dom'
import { showAt } from './auth'

interface Post {
  _id: string
  subject?: string
  text: string
  created?: number
  user?: { firstname?: string; lastname?: string }
}

export async function wallScreen(app: App, main: HTMLElement) {
  const list = h('ol', { class: 'posts' })
  const line = status()
  async function refresh() {
    const posts = (await app.client.call('wall2.load_posts')) as unknown as Post[] | Post
    list.replaceChildren(
      ...(Array.isArray(posts) ? posts : [posts]).map((p) => h('li', { class: 'card' }, h('strong', { text: p.subject ?? '' }), h('p', { text: p.text }))),
    )
  }
  const subject = field('Subject', input({ required: true }))
  const text = field('Text', h('textarea', { required: true, rows: 3 }))
  const form = h('form', { 'aria-label': 'New post' }, subject.row, text.row, h('button', { type: 'submit', text: 'Post' }), line)
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    try {
      await app.client.call('wall2.new_post', { subject: subject.input.value, text: text.input.value })
      subject.input.value = text.input.value = ''
      await refresh()
    } catch (err) {
      showAt(err, { '/subject': subject, '/text': text }, line)
    }
  })
  for (const sig of ['wall2.post.created', 'wall2.post.updated', 'wall2.post.removed'])
    app.cleanup.push(app.client.on(sig, () => void refresh().catch((err) => (line.textContent = describe(err)))))
  await refresh()
  main.append(h('h1', { text: 'Wall' }), form, list)
}
