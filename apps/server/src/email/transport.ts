/**
 * What every way of sending shares: a transport takes the exact bytes the composer built and the
 * envelope beside them, and either reports what the provider accepted or throws a `MailFailure`
 * that says whether the message can have been accepted. SMTP lives in `transports/smtp.ts`; the
 * Gmail API, Microsoft Graph and SMTP with an OAuth token implement the same interface.
 * See `docs/decisions/009-own-mailbox-sending.md`.
 */
import type { EmailFailureClass } from '@myodocs/shared/constants/email-messages'

/** Who the message comes from and goes to, as the protocol sees it (never read from headers). */
export type Envelope = { from: string; to: string[] }

/** What the provider said when it took the message. */
export type SendReceipt = {
  /** The provider's id for the message when it gives one (a queue id, the Gmail message id…). */
  providerMessageId?: string
  /** The recipients the provider took; an SMTP server can refuse one and take the others. */
  accepted: string[]
  rejected: string[]
  /** A Message-ID the provider put on the message in place of ours, when it says so. */
  replacedMessageId?: string
  /** Why each refused recipient was refused (`recipient_rejected` for a 5xx, …). */
  rejectedReasons?: Record<string, EmailFailureClass>
}

/**
 * Called once, and awaited, at the last moment nothing can have been accepted yet: before the
 * SMTP envelope, before an HTTP call. The send path records it, so a process that ends later
 * leaves a send of unknown outcome, and one that ends earlier a send that may be tried again.
 */
export type HandOver = () => Promise<void>

export interface MailTransport {
  /** Sends `raw` as is to `envelope.to`; throws `MailFailure`. */
  send(raw: Buffer, envelope: Envelope, handOver?: HandOver): Promise<SendReceipt>
  /** The transport calls `handOver` itself; otherwise `deliver` calls it before `send`. */
  readonly reportsHandOver?: boolean
}

/**
 * - `before_acceptance`: the provider did not take the message; sending again cannot duplicate it.
 * - `unknown`: the message may have been taken (a timeout or a dropped connection after the data
 *   went out); it is never sent again automatically.
 */
export type FailurePhase = 'before_acceptance' | 'unknown'

/**
 * Why a send or a connection failed. `message` is for logs and carries no server reply text (a
 * reply can echo a recipient address); `detail` keeps only codes such as `EAUTH 535 5.7.8`.
 */
export class MailFailure extends Error {
  readonly failure: EmailFailureClass
  readonly phase: FailurePhase
  /** Worth another attempt: a transient problem before acceptance. */
  readonly retryable: boolean
  /** The provider asked to wait this long before another attempt. */
  readonly retryAfterMs: number | undefined
  readonly detail: string
  /** The therapist's text when the class's own is not precise enough (which port, which name). */
  readonly text: string | undefined

  constructor(
    failure: EmailFailureClass,
    options: {
      phase?: FailurePhase
      retryable?: boolean
      retryAfterMs?: number
      detail?: string
      text?: string
      cause?: unknown
    } = {},
  ) {
    const detail = options.detail ?? ''
    super(detail ? `${failure} (${detail})` : failure, { cause: options.cause })
    this.name = 'MailFailure'
    this.failure = failure
    this.phase = options.phase ?? (failure === 'unknown_outcome' ? 'unknown' : 'before_acceptance')
    this.retryable = this.phase === 'before_acceptance' && (options.retryable ?? false)
    this.retryAfterMs = options.retryAfterMs
    this.detail = detail
    this.text = options.text
  }
}

export const isMailFailure = (err: unknown): err is MailFailure => err instanceof MailFailure
