/**
 * Every relative link in the repository's Markdown leads somewhere: its file exists and its
 * `#anchor` names a heading there, as GitHub makes anchors of headings. Links inside code are not
 * links; links with a scheme (https:, mailto:) are not checked. Needs no server.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.join(__dirname, '..')

/** The Markdown files git tracks, or would track (new ones not yet added; ignored ones left out). */
const markdownFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && fs.existsSync(path.join(ROOT, file)))

/** Each line of the text, or null where it is part of a fenced code block. */
function outsideFences(text: string): (string | null)[] {
  let fence: string | null = null
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null
      return null
    }
    return fence === null ? line : null
  })
}

/** GitHub's slug of a heading: its text lower-cased, punctuation but `-` and `_` dropped, spaces as `-`. */
function slug(heading: string): string {
  const text = heading
    .replace(/`/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

const anchorCache = new Map<string, Set<string>>()

/** The anchors of a Markdown file's headings; a repeated heading gets -1, -2, … as on GitHub. */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file)
  if (anchors) return anchors
  anchors = new Set()
  const text = fs.readFileSync(file, 'utf8')
  for (const line of outsideFences(text)) {
    const heading = line === null ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const base = slug(heading)
    let anchor = base
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`
    anchors.add(anchor)
  }
  anchorCache.set(file, anchors)
  return anchors
}

/** `[text](target)` and `![alt](target)`, and reference definitions `[name]: target`. */
function linkTargets(text: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = []
  outsideFences(text).forEach((raw, i) => {
    if (raw === null) return
    const line = raw.replace(/(`+)[\s\S]*?\1/g, '') // inline code holds no links
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) found.push({ line: i + 1, target: match[1] })
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line)
    if (definition) found.push({ line: i + 1, target: definition[1] })
  })
  return found
}

/** What is wrong with one link of `file`, or null when it leads somewhere. */
function brokenReason(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null
  const hash = target.indexOf('#')
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash))
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1))
  const resolved = pathPart === '' ? path.join(ROOT, file) : path.join(pathPart.startsWith('/') ? ROOT : path.dirname(path.join(ROOT, file)), pathPart)
  if (!fs.existsSync(resolved)) return 'no such file'
  if (anchor === null || !resolved.endsWith('.md')) return null
  return anchorsOf(resolved).has(anchor.toLowerCase()) ? null : `no heading #${anchor} in ${path.relative(ROOT, resolved)}`
}

test('the repository has Markdown files to check', () => {
  expect(markdownFiles).toContain('README.md')
})

test.each(markdownFiles)('every relative link in %s leads to a file and heading that exist', (file) => {
  const broken = linkTargets(fs.readFileSync(path.join(ROOT, file), 'utf8'))
    .map(({ line, target }) => ({ line, target, reason: brokenReason(file, target) }))
    .filter((link) => link.reason !== null)
    .map(({ line, target, reason }) => `${file}:${line} (${target}): ${reason}`)
  expect(broken).toEqual([])
})

test('anchors follow GitHub: lower case, punctuation dropped, spaces as dashes', () => {
  expect(slug('Real time: sequence numbers, resume, idempotent retries')).toBe('real-time-sequence-numbers-resume-idempotent-retries')
  expect(slug('Removing an account (the GDPR path)')).toBe('removing-an-account-the-gdpr-path')
  expect(slug('`v3.activity.list` and `FILES_DIR`')).toBe('v3activitylist-and-files_dir')
  expect(slug('Copies, templates and the marketplace')).toBe('copies-templates-and-the-marketplace')
})
