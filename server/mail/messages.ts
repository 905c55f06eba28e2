/** The texts of the server's mail. Plain text only; every link is absolute (PUBLIC_URL). */
import type { Mail } from '.'

/** Names go into a subject line: one line, bounded. */
const oneLine = (s: string, max = 120) => {
  const flat = s.replace(/[\r\n\t]+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

export const ROLE_WORDS: Record<string, string> = {
  owner: 'an owner',
  admin: 'an administrator',
  user: 'a member',
  inviter: 'a member who may invite others',
  guest: 'a guest',
}

export interface InviteMailData {
  to: string
  inviteeName: string | null
  inviterName: string
  workspaceName: string
  role: string
  key: string
  /** The web client's page for the invite: PUBLIC_URL/invite/<key>. */
  link: string
}

export function inviteMail(d: InviteMailData): Mail {
  const workspace = oneLine(d.workspaceName)
  const inviter = oneLine(d.inviterName)
  return {
    to: d.to,
    subject: `${inviter} invited you to ${workspace}`,
    text: [
      `Hello ${oneLine(d.inviteeName || d.to)},`,
      '',
      `${inviter} invited you to join the workspace "${workspace}" as ${ROLE_WORDS[d.role] ?? d.role}.`,
      '',
      'Open this link to accept the invitation (or to decline it):',
      d.link,
      '',
      `Invitation key: ${d.key}`,
      '',
      'The link works once. If you did not expect this invitation, you can ignore this message.',
      '',
    ].join('\n'),
  }
}

export interface VerificationMailData {
  to: string
  name: string
  verificationId: string
  key: string
  /** PUBLIC_URL/verify-email/<id>/<key> */
  link: string
  hoursValid: number
}

export function verificationMail(d: VerificationMailData): Mail {
  return {
    to: d.to,
    subject: 'Verify your e-mail address',
    text: [
      `Hello ${oneLine(d.name)},`,
      '',
      'Open this link to verify your e-mail address:',
      d.link,
      '',
      `Verification id: ${d.verificationId}`,
      `Verification key: ${d.key}`,
      '',
      `The link works once, for ${d.hoursValid} hours. If you did not ask for it, you can ignore this message.`,
      '',
    ].join('\n'),
  }
}

export interface FeedPostMailData {
  to: string
  name: string
  authorName: string
  workspaceName: string
  subject: string
  text: string
  /** PUBLIC_URL/feed/<workspaceId>/<postId> */
  link: string
}

/** A new wall post, to a recipient with `feedPostEmail` on in their global settings. */
export function feedPostMail(d: FeedPostMailData): Mail {
  const body = d.text.length > 2000 ? `${d.text.slice(0, 1999)}…` : d.text
  return {
    to: d.to,
    subject: `${oneLine(d.authorName)} posted on ${oneLine(d.workspaceName)}: ${oneLine(d.subject)}`,
    text: [
      `Hello ${oneLine(d.name)},`,
      '',
      `${oneLine(d.authorName)} posted on the wall of "${oneLine(d.workspaceName)}":`,
      '',
      oneLine(d.subject, 200),
      '',
      body,
      '',
      'Read it and reply:',
      d.link,
      '',
      'You receive this because "feedPostEmail" is on in your settings; switch it off to stop these messages.',
      '',
    ].join('\n'),
  }
}
