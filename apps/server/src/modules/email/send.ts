/**
 * Sending documents from the therapist's own mailbox (docs/product/email.md#sending): one email
 * per message of the request (each reader their own documents), each with its own email log row
 * claimed by the click's idempotency key before anything else happens. Whatever can refuse a send
 * without a PDF (the mailbox, its host, its grant) is checked before the first PDF renders; the
 * PDFs render on the document pool and count like the documents routes, and a message that fails
 * before the provider accepted it gives its counts back in the transaction that records the
 * failure. Each composed message goes to the mailbox's transport under the retry rule
 * (`email/deliver.ts`); the Sent copy is filed after an accepted send. Nothing of the body or the
 * attachments is stored or logged.
 */
import { randomUUID } from 'node:crypto'
import pLimit from 'p-limit'
import type { LimitFunction } from 'p-limit'
import {
  DOCUMENTS,
  documentFileName,
  documentSubject,
} from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { isPayloadTooLargeIssue } from '@myodocs/shared/contracts/documents'
import { FromNameSchema, sameAddress, sendMessagesOf } from '@myodocs/shared/contracts/email'
import type {
  Mailbox,
  RecipientResult,
  SendEmailRequest,
  SendEmailResponse,
  SendMessage,
  SentMessageResult,
} from '@myodocs/shared/contracts/email'
import { EMAIL_FAILURE_MESSAGES, SEND_IN_PROGRESS } from '@myodocs/shared/constants/email-messages'
import { companionEmailLines } from '@myodocs/shared/constants/companion-messages'
import type { EmailFailureClass, SentCopyOutcome } from '@myodocs/shared/constants/email-messages'
import { VALIDATION_FAILED } from '@myodocs/shared/constants/messages'
import type { EmailSettings } from '@myodocs/shared/contracts/settings'
import { composeMessage, MessageTooLargeError } from '../../email/compose'
import type { ComposedMessage, MailAttachment } from '../../email/compose'
import { deliver } from '../../email/deliver'
import { recipientHash } from '../../email/recipient-hash'
import { MailFailure } from '../../email/transport'
import { sealSecret } from '../../lib/crypto'
import { AppError, badRequest, conflict } from '../../lib/errors'
import { withDb } from '../../lib/service-context'
import type { SignedInContext } from '../../lib/service-context'
import { generateDocument } from '../documents'
import type { GiveBackPdf, RenderPool } from '../documents'
import { allSettings } from '../settings'
import { resolveMailbox } from './mailbox'
import type { OAuthMailboxResolver, SendingMailbox } from './mailbox'
import {
  claimEmailLog,
  deleteEmailLog,
  deleteFailedEmailLog,
  findEmailLogByKey,
  updateEmailLog,
  userNameOf,
} from './repository'
import type { EmailLogRow } from './repository'
import { auditSend, failureError, failureText, outcomeOf, place, sealRecipients } from './send-log'

export { emailLogPage, recoverStaleSends, STALE_SENDING_MS } from './send-log'

/** What `buildApp` hands the send path: the PDF render pool and the OAuth mailboxes. */
export type SendServices = {
  renderPool: RenderPool
  oauthMailbox: OAuthMailboxResolver
}

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

// ---------------------------------------------------------------------------------------------
// The request

/** The request's `data`, checked with the schema of each document it attaches. */
function validateData(kinds: DocumentKind[], data: unknown): Map<DocumentKind, unknown> {
  const requests = new Map<DocumentKind, unknown>()
  for (const kind of kinds) {
    const parsed = DOCUMENTS[kind].schema.safeParse(data)
    if (!parsed.success) {
      const tooLarge = parsed.error.issues.find((i) => isPayloadTooLargeIssue(i))
      if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge.message, 413)
      const fields: Record<string, string> = {}
      for (const issue of parsed.error.issues)
        fields[['data', ...issue.path.map(String)].join('.')] ??= issue.message
      throw badRequest(Object.values(fields)[0] ?? VALIDATION_FAILED, fields)
    }
    requests.set(kind, parsed.data)
  }
  return requests
}

/**
 * The From name: the saved one, always (the composer quotes it as docs/product/email.md says); none saved, the
 * therapist's own name, as the Settings form promises.
 */
async function fromName(ctx: SignedInContext, saved: string): Promise<string | undefined> {
  const parsed = FromNameSchema.safeParse(saved)
  if (parsed.success && parsed.data) return parsed.data
  const own = await userNameOf(ctx.db, ctx.actor.id)
  const name = FromNameSchema.safeParse(own ? `${own.firstName} ${own.lastName}` : '')
  return name.success && name.data ? name.data : undefined
}

const withCompanionLink = (message: string, url: string | undefined) =>
  url ? `${message.trimEnd()}\n\n${companionEmailLines(url)}` : message

const bodyText = (message: string, signature: string) =>
  signature.trim() ? `${message.trimEnd()}\n\n${signature.trim()}` : message

/** One message of the request, its row claimed: what rendering and delivery work on. */
type Claimed = {
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

/** Who a message goes to: its To and Cc, and the sender when `ccToSelf` asks and they are not in it. */
function recipientsOf(message: SendMessage, from: Mailbox, settings: EmailSettings) {
  const cc = [...(message.cc ?? [])]
  const everyone = [...message.to, ...cc]
  if (settings.ccToSelf && !everyone.some((m) => sameAddress(m.address, from.address)))
    cc.push({ address: from.address })
  return { cc, addresses: [...message.to, ...cc].map((m) => m.address) }
}

/**
 * POST /email/send. One message: answers `sent` or `unknown`, and a failure throws the 502 (413 for
 * `too_large`) with the failure class after the log row records it. `messages`: answers each
 * message's outcome in order, a failed one among them.
 */
export async function sendEmail(
  ctx: SignedInContext,
  services: SendServices,
  body: SendEmailRequest,
): Promise<SendEmailResponse> {
  const messages = sendMessagesOf(body)
  const requests = validateData([...new Set(messages.flatMap((m) => m.documentTypes))], body.data)
  // One key per click; each message of it has its own row, so its own key.
  const keys = body.messages
    ? messages.map((_, i) => `${body.idempotencyKey}.${i + 1}`)
    : [body.idempotencyKey]
  const outcomes = await sendAll(ctx, services, body, messages, keys, requests)
  if (body.messages) return { messages: outcomes }
  const only = outcomes[0]!
  if (only.status === 'failed')
    throw failureError(
      only.failure ?? 'message_rejected',
      only.failureMessage ?? EMAIL_FAILURE_MESSAGES.message_rejected,
    )
  return {
    status: only.status,
    messageId: only.messageId ?? '',
    sentCopy: only.sentCopy,
    recipients: only.recipients,
  }
}

async function sendAll(
  ctx: SignedInContext,
  services: SendServices,
  body: SendEmailRequest,
  messages: SendMessage[],
  keys: string[],
  requests: Map<DocumentKind, unknown>,
): Promise<SentMessageResult[]> {
  const outcomes: SentMessageResult[] = []
  // A message already sent (or of unknown outcome) answers as it did; a failed one is sent anew.
  const todo: number[] = []
  for (const [i, key] of keys.entries()) {
    const row = await findEmailLogByKey(ctx.db, ctx.actor.id, key)
    if (row?.status === 'sending') throw conflict(SEND_IN_PROGRESS)
    if (row && row.status !== 'failed') outcomes[i] = outcomeOf(ctx, row)
    else todo.push(i)
  }
  if (todo.length === 0) return outcomes

  const settings = (await allSettings(ctx)).email
  // An account that is not connected, not found or must be reconnected: 400/404, nothing recorded.
  const mailbox = await resolveMailbox(ctx, body.account, settings, services.oauthMailbox)
  const name = await fromName(ctx, settings.defaultFromName)
  const from: Mailbox = { address: mailbox.fromAddress, ...(name ? { name } : {}) }

  const claimed: Claimed[] = []
  try {
    for (const index of todo) {
      const message = messages[index]!
      const claim = await claimRow(ctx, mailbox, keys[index]!, message, from, settings)
      if ('outcome' in claim) outcomes[index] = claim.outcome
      else claimed.push({ ...claim, index, message, giveBacks: [], rendered: new Map() })
    }
  } catch (err) {
    for (const c of claimed) await deleteEmailLog(ctx.db, c.row.id)
    throw err
  }

  // The host guard and the grant, before any PDF is rendered and counted.
  const refused = await precheck(mailbox)
  if (refused) {
    for (const c of claimed) outcomes[c.index] = await fail(ctx, mailbox, c, refused, null)
    return outcomes
  }

  await renderAll(ctx, services.renderPool, claimed, requests)
  for (const c of claimed) outcomes[c.index] = await deliverOne(ctx, mailbox, from, settings, c)
  return outcomes
}

/** Claims a message's key: of two requests racing with one key, exactly one inserts the row. */
async function claimRow(
  ctx: SignedInContext,
  mailbox: SendingMailbox,
  key: string,
  message: SendMessage,
  from: Mailbox,
  settings: EmailSettings,
): Promise<
  { outcome: SentMessageResult } | { row: EmailLogRow; cc: Mailbox[]; addresses: string[] }
> {
  const { appSecret } = ctx.config
  const { cc, addresses } = recipientsOf(message, from, settings)
  // Nothing of a failed send was accepted: its row makes way for this attempt.
  await deleteFailedEmailLog(ctx.db, ctx.actor.id, key)
  const id = randomUUID()
  const row = await claimEmailLog(ctx.db, {
    id,
    userId: ctx.actor.id,
    businessId: ctx.actor.businessId,
    idempotencyKey: key,
    status: 'sending',
    provider: mailbox.provider,
    smtpAccountId: mailbox.smtpAccountId,
    fromAddress: mailbox.fromAddress,
    recipientsSealed: sealRecipients(
      appSecret,
      id,
      addresses.map((address) => ({ address, status: 'unconfirmed' })),
    ),
    recipientHashes: addresses.map((a) => recipientHash(appSecret, a)),
    subjectSealed: sealSecret(appSecret, message.subject, place(id, 'subject')),
    documentTypes: message.documentTypes,
    createdAt: ctx.now(),
  })
  if (row) return { row, cc, addresses }
  const winner = await findEmailLogByKey(ctx.db, ctx.actor.id, key)
  if (!winner || winner.status === 'sending' || winner.status === 'failed')
    throw conflict(SEND_IN_PROGRESS)
  return { outcome: outcomeOf(ctx, winner) }
}

/**
 * The mailbox's own checks that need no connection to the provider's mail server. A passing
 * trouble (the token endpoint busy) decides nothing: the send tries under the retry rule.
 */
async function precheck(mailbox: SendingMailbox): Promise<MailFailure | null> {
  try {
    await mailbox.precheck?.()
    return null
  } catch (err) {
    if (err instanceof MailFailure) return err.retryable ? null : err
    throw err
  }
}

/**
 * Renders every claimed message's PDFs, each counted. A refusal (plan, limit, busy pool) or a
 * render failure sends nothing: every count goes back with the rows, so the same key may be tried
 * again.
 */
async function renderAll(
  ctx: SignedInContext,
  pool: RenderPool,
  claimed: Claimed[],
  requests: Map<DocumentKind, unknown>,
) {
  const jobs = claimed.flatMap((c) =>
    c.message.documentTypes.map(async (kind) => {
      const request = requests.get(kind)
      const job = { kind, request } as Parameters<typeof generateDocument>[2]
      const content = await generateDocument(
        ctx,
        pool,
        job,
        undefined,
        (g) => c.giveBacks.push(g),
        (url) => (c.companionLink = url),
      )
      const { patient, date } = documentSubject(kind, request as never)
      return { c, kind, content, filename: documentFileName(kind, patient, date) }
    }),
  )
  const settled = await Promise.allSettled(jobs)
  const failed = settled.find((s) => s.status === 'rejected')
  if (failed) {
    await ctx.db.transaction(async (tx) => {
      for (const c of claimed) {
        for (const giveBack of c.giveBacks) await giveBack(tx)
        await deleteEmailLog(tx, c.row.id)
      }
    })
    throw failed.reason
  }
  for (const s of settled)
    if (s.status === 'fulfilled')
      s.value.c.rendered.set(s.value.kind, {
        filename: s.value.filename,
        content: s.value.content,
        contentType: 'application/pdf',
      })
}

/**
 * A message that failed before the provider accepted it: the row records the failure and the
 * PDFs' counts go back, in one transaction, with the Activity event.
 */
async function fail(
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
async function deliverOne(
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
