/**
 * Outlook and Microsoft 365 through Microsoft Graph (`POST /v1.0/me/sendMail` with the MIME
 * message base64-encoded as `text/plain`). Graph saves it to Sent Items by default. Its
 * `202 Accepted` means queued, which the email log records as sent (Graph gives no id back).
 */
import type { MailTransport } from '../transport'
import { postWithToken } from './http-api'
import type { HttpApiOptions } from './http-api'

export const GRAPH_SEND_PATH = '/v1.0/me/sendMail'

export function createGraphTransport(options: HttpApiOptions): MailTransport {
  return {
    async send(raw, envelope) {
      const res = await postWithToken(
        options,
        GRAPH_SEND_PATH,
        () => raw.toString('base64'),
        'text/plain',
      )
      await res.body?.cancel()
      return {
        accepted: envelope.to,
        rejected: [],
        providerMessageId: res.headers.get('request-id') ?? undefined,
      }
    },
  }
}
