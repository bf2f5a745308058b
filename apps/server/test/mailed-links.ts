/**
 * The links the server mails (password reset, team invitation, sign-up), read from what the loopback SMTP
 * server received, as the person would click them.
 */
import type { TestSmtp } from './test-smtp'

/** A password reset link; group 1 is the token, URL-encoded. */
const RESET_LINK = /http:\/\/\S+\/reset-password\?token=(\S+)/
/** The unlock link of a paused sign-in; group 1 is the token, URL-encoded. */
const UNLOCK_LINK = /http:\/\/\S+\/unlock\?token=(\S+)/
/** The link registering mails a new address; group 1 is the token, URL-encoded. */
const REGISTRATION_LINK = /http:\/\/\S+\/register\/confirm\?token=(\S+)/
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

/** The sign-up link mailed to a new address that registered (the first one from `since` on). */
export const mailedRegistrationLink = (smtp: TestSmtp, email: string, since = 0) =>
  mailedLink(smtp, email, REGISTRATION_LINK, since)

/**
 * What registering needs of a test-app agent (test-app.ts), named here so that the end-to-end
 * tests can import this file without the server's types.
 */
type RegisteringAgent<R extends { statusCode: number }> = {
  ip: string
  csrf(): Promise<string>
  request(opts: { method: 'POST'; url: string; payload: object; remoteAddress: string }): Promise<R>
}

/**
 * Registers as the browser does: the form, then the emailed link opened in the same browser, which
 * creates the account and signs it in. Answers the confirmation's response.
 */
export async function registerThroughMail<R extends { statusCode: number }>(
  agent: RegisteringAgent<R>,
  smtp: TestSmtp,
  payload: { email: string },
  remoteAddress = agent.ip,
) {
  const since = smtp.messages.length
  const registered = await agent.request({
    method: 'POST',
    url: '/api/auth/register',
    payload,
    remoteAddress,
  })
  if (registered.statusCode !== 200) return registered
  const { token } = await mailedRegistrationLink(smtp, payload.email.toLowerCase(), since)
  await agent.csrf()
  return agent.request({
    method: 'POST',
    url: '/api/auth/register/confirm',
    payload: { token },
    remoteAddress,
  })
}
