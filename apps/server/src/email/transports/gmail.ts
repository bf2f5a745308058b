/**
 * Gmail and Google Workspace through the Gmail API (`users.messages.send`, media upload of the
 * exact MIME bytes as `message/rfc822`). Needs only the `gmail.send` scope; Gmail files the
 * message in Sent itself (its answer lists the `SENT` label), so no IMAP step follows.
 */
import type { MailTransport } from '../transport'
import { postWithToken } from './http-api'
import type { HttpApiOptions } from './http-api'

export const GMAIL_SEND_PATH = '/upload/gmail/v1/users/me/messages/send?uploadType=media'

export function createGmailTransport(options: HttpApiOptions): MailTransport {
  return {
    async send(raw, envelope) {
      const res = await postWithToken(options, GMAIL_SEND_PATH, () => raw, 'message/rfc822')
      const body = (await res.json().catch(() => ({}))) as { id?: unknown }
      return {
        providerMessageId: typeof body.id === 'string' ? body.id.slice(0, 100) : undefined,
        accepted: envelope.to,
        rejected: [],
      }
    },
  }
}
