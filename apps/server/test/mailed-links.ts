/**
 * The links the server mails (password reset, team invitation), read from what the loopback SMTP
 * server received, as the person would click them.
 */
import type { TestSmtp } from './test-smtp'

/** A password reset link; group 1 is the token, URL-encoded. */
const RESET_LINK = /http:\/\/\S+\/reset-password\?token=(\S+)/
/** The unlock link of a paused sign-in; group 1 is the token, URL-encoded. */
const UNLOCK_LINK = /http:\/\/\S+\/unlock\?token=(\S+)/
/** A team invitation link; group 1 is the token. */
const INVITATION_LINK = /\/invite\/([A-Za-z0-9_-]+)/

/**
 * The first link matching `pattern` in a message to `email` that arrived as message `since` or
 * later (waiting for it). Answers the whole link and its token.
 */
async function mailedLink(
  smtp: TestSmtp,
  email: string,
  pattern: RegExp,
  since: number,
): Promise<{ link: string; token: string }> {
  const mail = await smtp.waitFor(
    (m) =>
      m.envelopeTo.includes(email) &&
      smtp.messages.indexOf(m) >= since &&
      pattern.test(m.text ?? ''),
  )
  const [link, token] = pattern.exec(mail.text ?? '')!
  return { link, token: decodeURIComponent(token!) }
}

/** The reset link mailed to `email` (the first one from message `since` on). */
export const mailedResetLink = (smtp: TestSmtp, email: string, since = 0) =>
  mailedLink(smtp, email, RESET_LINK, since)

/** The invitation link mailed to `email` (the first one from message `since` on). */
export const mailedInvitationLink = (smtp: TestSmtp, email: string, since = 0) =>
  mailedLink(smtp, email, INVITATION_LINK, since)

/** The unlock link mailed to `email` when its sign-in was paused (the first one from `since` on). */
export const mailedUnlockLink = (smtp: TestSmtp, email: string, since = 0) =>
  mailedLink(smtp, email, UNLOCK_LINK, since)
