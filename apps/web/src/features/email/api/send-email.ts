/**
 * `POST /api/email/send` with `messages`: the server renders the PDFs and sends one email per
 * reader from the chosen account. The request carries the idempotency key of the Send click, so a
 * retry of that click never sends an accepted email twice. Sending renders PDFs, so the month's
 * usage (subscription) and the history refresh.
 */
import { useMutation } from '@tanstack/react-query'
import { emailCalls } from '@myodocs/shared/api/email'
import { GENERIC_ERROR } from '@myodocs/shared/constants/messages'
import type { SendEmailRequest, SendMessagesResult } from '@myodocs/shared/contracts/email'
import { api, ApiError } from '../../../lib/api-client'
import { subscriptionQuery } from '../../subscription'
import { emailLogQuery } from './email-log'

// Rendering up to two PDFs, then SMTP and the IMAP copy, each bounded by the server's own timeouts.
const SEND_TIMEOUT_MS = 180_000

/** A send of one or more emails, one per entry of `messages`. */
export type SendMessagesRequest = SendEmailRequest & {
  messages: NonNullable<SendEmailRequest['messages']>
}

async function sendMessages(body: SendMessagesRequest): Promise<SendMessagesResult> {
  const answer = await api.call(emailCalls.send, { body }, { timeoutMs: SEND_TIMEOUT_MS })
  // A send with `messages` is answered per message; the one-email answer never comes back here.
  if (!('messages' in answer)) throw new ApiError(GENERIC_ERROR, 200, 'HTTP_ERROR')
  return answer
}

export function useSendMessages() {
  return useMutation({
    mutationFn: sendMessages,
    onSettled: async (_data, _error, _variables, _context, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: subscriptionQuery.queryKey }),
        client.invalidateQueries({ queryKey: emailLogQuery.queryKey }),
      ])
    },
  })
}

/** A fresh key for one Send click: 32 hex digits from the browser's random source. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
