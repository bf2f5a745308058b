/**
 * The retry rule of every send, whatever the transport: a failure the provider reported before
 * it took the message may be tried again (at most twice, after 0.5 s then 1 s, or after the
 * Retry-After it asked for when that is short); anything that may have been accepted is never
 * sent again automatically. See `docs/decisions/009-own-mailbox-sending.md`.
 */
import type { ComposedMessage } from './compose'
import { MailFailure } from './transport'
import type { HandOver, MailTransport, SendReceipt } from './transport'

export type RetryPolicy = {
  /** Attempts after the first. */
  maxRetries: number
  /** Wait before retry n (the last value repeats). */
  backoffMs: readonly number[]
  /** A provider asking to wait longer than this is not retried at once. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  backoffMs: [500, 1_000],
  maxRetryAfterMs: 10_000,
}

export type DeliveryResult =
  | { ok: true; receipt: SendReceipt; attempts: number }
  | { ok: false; failure: MailFailure; attempts: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends a composed message through a transport under the retry rule; never throws. */
export async function deliver(
  transport: MailTransport,
  message: Pick<ComposedMessage, 'raw' | 'envelope'>,
  options: {
    retry?: RetryPolicy
    wait?: (ms: number) => Promise<unknown>
    /** Recorded once before the first byte of a message can reach the provider. */
    handOver?: HandOver
  } = {},
): Promise<DeliveryResult> {
  const retry = options.retry ?? DEFAULT_RETRY_POLICY
  const wait = options.wait ?? sleep
  let handedOver: Promise<void> | undefined
  const handOver = () => (handedOver ??= options.handOver?.() ?? Promise.resolve())
  for (let attempt = 1; ; attempt++) {
    try {
      if (!transport.reportsHandOver) await handOver()
      return {
        ok: true,
        receipt: await transport.send(message.raw, message.envelope, handOver),
        attempts: attempt,
      }
    } catch (err) {
      // An error a transport did not classify may have come after the data went out.
      const failure =
        err instanceof MailFailure ? err : new MailFailure('unknown_outcome', { cause: err })
      const delay =
        failure.retryAfterMs ??
        retry.backoffMs[Math.min(attempt - 1, retry.backoffMs.length - 1)] ??
        0
      const again =
        failure.retryable && attempt <= retry.maxRetries && delay <= retry.maxRetryAfterMs
      if (!again) return { ok: false, failure, attempts: attempt }
      await wait(delay)
    }
  }
}
