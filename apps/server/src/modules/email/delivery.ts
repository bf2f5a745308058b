/**
 * Delivering one message of a send (send.ts): composed with its PDFs, sent through the mailbox's
 * transport under the retry rule (`email/deliver.ts`) while at most two sends use the mailbox,
 * the Sent copy filed after an accepted send, and the outcome recorded on its email log row; a
 * message that fails before the provider accepted it gives its PDFs' counts back.
 */
import pLimit from 'p-limit'
import type { LimitFunction } from 'p-limit'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import type {
  Mailbox,
  RecipientResult,
  SendMessage,
  SentMessageResult,
} from '@myodocs/shared/contracts/email'
import { EMAIL_FAILURE_MESSAGES } from '@myodocs/shared/constants/email-messages'
import { companionEmailLines } from '@myodocs/shared/constants/companion-messages'
import type { EmailFailureClass, SentCopyOutcome } from '@myodocs/shared/constants/email-messages'
import type { EmailSettings } from '@myodocs/shared/contracts/settings'
import { composeMessage, MessageTooLargeError } from '../../email/compose'
import type { ComposedMessage, MailAttachment } from '../../email/compose'
import { deliver } from '../../email/deliver'
import type { MailFailure } from '../../email/transport'
import { withDb } from '../../lib/service-context'
import type { SignedInContext } from '../../lib/service-context'
import type { GiveBackPdf } from '../documents'
import type { SendingMailbox } from './mailbox'
import { deleteEmailLog, updateEmailLog } from './repository'
import type { EmailLogRow } from './repository'
import { auditSend, failureText, sealRecipients } from './send-log'

/** At most this many sends go through one mailbox at once; more wait their turn. */
export const MAX_SENDS_IN_FLIGHT_PER_MAILBOX = 2

// ---------------------------------------------------------------------------------------------
// At most two in flight per mailbox

// One limiter per mailbox while sends of it run or wait (`users`); dropped when the last one ends.
const gates = new Map<string, { limit: LimitFunction; users: number }>()

/** Runs `work` when the mailbox has a free turn (at most two at once; the rest wait in order). */
export async function inMailboxTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  let gate = gates.get(key)
  if (!gate) {
    gate = { limit: pLimit(MAX_SENDS_IN_FLIGHT_PER_MAILBOX), users: 0 }
    gates.set(key, gate)
  }
  gate.users++
  try {
    return await gate.limit(work)
  } finally {
    if (--gate.users === 0) gates.delete(key)
  }
}

/** How many mailboxes hold a limiter now: none once every send has ended. */
export const mailboxGateCount = () => gates.size

const withCompanionLink = (message: string, url: string | undefined) =>
  url ? `${message.trimEnd()}\n\n${companionEmailLines(url)}` : message

const bodyText = (message: string, signature: string) =>
  signature.trim() ? `${message.trimEnd()}\n\n${signature.trim()}` : message

/** One message of the request, its row claimed: what rendering and delivery work on. */
export type Claimed = {
  index: number
  row: EmailLogRow
  message: SendMessage
  cc: Mailbox[]
  addresses: string[]
  /** The counts of the PDFs rendered for it, to give back if it fails before acceptance. */
  giveBacks: GiveBackPdf[]
  rendered: Map<DocumentKind, MailAttachment>
  /** The companion link its home program printed, repeated in the email (docs/product/companion.md). */
  companionLink?: string
}

/**
 * A message that failed before the provider accepted it: the row records the failure and the
 * PDFs' counts go back, in one transaction, with the Activity event.
 */
export async function fail(
  ctx: SignedInContext,
  mailbox: SendingMailbox,
  c: Claimed,
  failure: MailFailure | EmailFailureClass,
  messageId: string | null,
  attempts?: number,
): Promise<SentMessageResult> {
  const cls = typeof failure === 'string' ? failure : failure.failure
  const text = (typeof failure !== 'string' && failure.text) || failureText(cls, mailbox.provider)
  // The therapist's to fix (a password, an address), not the server's: a warning, no stack.
  ctx.log.warn(
    {
      logId: c.row.id,
      failure: cls,
      ...(typeof failure === 'string' ? {} : { detail: failure.detail }),
      ...(attempts ? { attempts } : {}),
    },
    'email not sent',
  )
  const recipients: RecipientResult[] = c.addresses.map((address) => ({
    address,
    status: 'refused',
    reason: cls,
  }))
  await ctx.db.transaction(async (tx) => {
    await updateEmailLog(tx, c.row.id, {
      status: 'failed',
      messageId,
      failure: cls,
      failureMessage: text,
      recipientsSealed: sealRecipients(ctx.config.appSecret, c.row.id, recipients),
      finishedAt: ctx.now(),
    })
    for (const giveBack of c.giveBacks) await giveBack(tx)
    await auditSend(withDb(ctx, tx), c.row, cls, { recipients })
  })
  return {
    status: 'failed',
    messageId,
    sentCopy: null,
    recipients,
    failure: cls,
    failureMessage: text,
  }
}

/** Composes one claimed message, sends it under the mailbox's turn and records the outcome. */
export async function deliverOne(
  ctx: SignedInContext,
  mailbox: SendingMailbox,
  from: Mailbox,
  settings: EmailSettings,
  c: Claimed,
): Promise<SentMessageResult> {
  let message: ComposedMessage
  try {
    message = await composeMessage({
      from,
      to: c.message.to,
      cc: c.cc,
      subject: c.message.subject,
      text: bodyText(
        withCompanionLink(c.message.message, c.companionLink),
        settings.defaultSignature,
      ),
      // In the order the message lists its documents.
      attachments: c.message.documentTypes.map((kind) => c.rendered.get(kind)!),
    })
  } catch (err) {
    if (err instanceof MessageTooLargeError) return fail(ctx, mailbox, c, 'too_large', null)
    await ctx.db.transaction(async (tx) => {
      for (const giveBack of c.giveBacks) await giveBack(tx)
      await deleteEmailLog(tx, c.row.id)
    })
    throw err
  }

  const { delivery, sentCopy } = await inMailboxTurn(mailbox.concurrencyKey, async () => {
    const delivery = await deliver(mailbox.transport, message, {
      retry: ctx.config.mailRetry,
      // From here the message may reach the provider: a process ending now leaves it `unknown`.
      handOver: () => updateEmailLog(ctx.db, c.row.id, { messageId: message.messageId }),
    })
    if (!delivery.ok) return { delivery, sentCopy: null }
    const ids = [message.messageId]
    if (delivery.receipt.replacedMessageId) ids.push(delivery.receipt.replacedMessageId)
    const copy = await mailbox.fileSentCopy({ raw: message.raw, messageIds: ids })
    return { delivery, sentCopy: copy.outcome }
  })

  if (!delivery.ok) {
    const { failure } = delivery.failure
    if (failure !== 'unknown_outcome')
      return fail(ctx, mailbox, c, delivery.failure, message.messageId, delivery.attempts)
    ctx.log.warn(
      { logId: c.row.id, failure, detail: delivery.failure.detail, attempts: delivery.attempts },
      'email outcome unknown',
    )
    const recipients: RecipientResult[] = c.addresses.map((address) => ({
      address,
      status: 'unconfirmed',
    }))
    await updateEmailLog(ctx.db, c.row.id, {
      status: 'unknown',
      messageId: message.messageId,
      failure,
      failureMessage: EMAIL_FAILURE_MESSAGES.unknown_outcome,
      finishedAt: ctx.now(),
    })
    await auditSend(ctx, c.row, failure, { recipients })
    return {
      status: 'unknown',
      messageId: message.messageId,
      sentCopy: null,
      recipients,
      failure,
      failureMessage: EMAIL_FAILURE_MESSAGES.unknown_outcome,
    }
  }

  const copy: SentCopyOutcome = sentCopy ?? 'failed'
  const { receipt } = delivery
  const refused = new Map(receipt.rejected.map((a) => [a.toLowerCase(), a]))
  const recipients: RecipientResult[] = c.addresses.map((address) => {
    const original = refused.get(address.toLowerCase())
    if (original === undefined) return { address, status: 'accepted' }
    return {
      address,
      status: 'refused',
      reason: receipt.rejectedReasons?.[original] ?? 'recipient_rejected',
    }
  })
  await updateEmailLog(ctx.db, c.row.id, {
    status: 'sent',
    messageId: message.messageId,
    providerMessageId: receipt.providerMessageId ?? null,
    sentCopy: copy,
    recipientsSealed: sealRecipients(ctx.config.appSecret, c.row.id, recipients),
    finishedAt: ctx.now(),
  })
  await auditSend(ctx, c.row, null, { sentCopy: copy, recipients })
  return {
    status: 'sent',
    messageId: message.messageId,
    sentCopy: copy,
    recipients,
    failure: null,
    failureMessage: null,
  }
}
