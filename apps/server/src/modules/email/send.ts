/**
 * Sending documents from the therapist's own mailbox (docs/product/email.md#sending): one email
 * log row per Send click, claimed by its idempotency key before anything else happens; the PDFs
 * rendered on the document pool and counted like the documents routes; one composed message
 * handed to the mailbox's transport under the retry rule (`email/deliver.ts`); the Sent copy
 * filed after an accepted send. Nothing of the body or the attachments is stored or logged.
 */
import { randomUUID } from 'node:crypto'
import {
  DOCUMENTS,
  documentFileName,
  documentSubject,
} from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { isPayloadTooLargeIssue } from '@myodocs/shared/contracts/documents'
import { MailNameSchema, sameAddress } from '@myodocs/shared/contracts/email'
import type {
  EmailLogEntry,
  Mailbox,
  SendEmailRequest,
  SendEmailResponse,
} from '@myodocs/shared/contracts/email'
import {
  EMAIL_FAILURE_CLASSES,
  EMAIL_FAILURE_MESSAGES,
  SEND_IN_PROGRESS,
} from '@myodocs/shared/constants/email-messages'
import type { EmailFailureClass, SentCopyOutcome } from '@myodocs/shared/constants/email-messages'
import { VALIDATION_FAILED } from '@myodocs/shared/constants/messages'
import { OAUTH_PROVIDERS, oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import { composeMessage, MessageTooLargeError } from '../../email/compose'
import type { MailAttachment } from '../../email/compose'
import { deliver } from '../../email/deliver'
import { recipientHash } from '../../email/recipient-hash'
import { openSecret, sealSecret } from '../../lib/crypto'
import { AppError, badRequest, conflict } from '../../lib/errors'
import { withDb } from '../../lib/service-context'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { generateDocument } from '../documents'
import type { RenderPool } from '../documents'
import { allSettings } from '../settings'
import { resolveMailbox } from './mailbox'
import type { SendingMailbox } from './mailbox'
import {
  claimEmailLog,
  deleteEmailLog,
  findEmailLogByKey,
  listEmailLog,
  markStaleSendsUnknown,
  updateEmailLog,
} from './repository'
import type { EmailLogRow } from './repository'

/** At most this many sends go through one mailbox at once; more wait their turn. */
export const MAX_SENDS_IN_FLIGHT_PER_MAILBOX = 2

/**
 * A row still `sending` this long after it was made cannot still be in flight: rendering, three
 * SMTP attempts at their longest and the Sent copy's deadline together stay well under it.
 */
export const STALE_SENDING_MS = 15 * 60_000

const TABLE = 'email_log'
const place = (rowId: string, column: string) => ({ table: TABLE, column, rowId })

// ---------------------------------------------------------------------------------------------
// At most two in flight per mailbox

type Gate = { active: number; waiting: Array<() => void> }
const gates = new Map<string, Gate>()

/** Runs `work` when the mailbox has a free turn (at most two at once; the rest wait in order). */
export async function inMailboxTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  let gate = gates.get(key)
  if (!gate) {
    gate = { active: 0, waiting: [] }
    gates.set(key, gate)
  }
  const g = gate
  if (g.active >= MAX_SENDS_IN_FLIGHT_PER_MAILBOX)
    await new Promise<void>((resolve) => g.waiting.push(resolve))
  else g.active++
  try {
    return await work()
  } finally {
    const next = g.waiting.shift()
    // The turn passes straight to the next waiter, so `active` never dips below the limit in between.
    if (next) next()
    else if (--g.active === 0) gates.delete(key)
  }
}

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

/** The therapist's From name, when the saved one can stand in a header as typed. */
function fromName(saved: string): string | undefined {
  const parsed = MailNameSchema.safeParse(saved)
  return parsed.success && parsed.data ? parsed.data : undefined
}

const bodyText = (message: string, signature: string) =>
  signature.trim() ? `${message.trimEnd()}\n\n${signature.trim()}` : message

// ---------------------------------------------------------------------------------------------
// Outcomes

/** What the therapist reads; a connected mailbox that must be reconnected is named. */
const failureText = (failure: EmailFailureClass, provider: string) =>
  failure === 'reauth_required' && isOAuthProvider(provider)
    ? oauthReconnectMessage(provider)
    : EMAIL_FAILURE_MESSAGES[failure]

const failureError = (
  failure: EmailFailureClass,
  provider: string,
  extra: Record<string, unknown> = {},
) =>
  failure === 'too_large'
    ? new AppError('PAYLOAD_TOO_LARGE', EMAIL_FAILURE_MESSAGES.too_large, 413, undefined, {
        extra: { failure, ...extra },
      })
    : new AppError('MAIL_DELIVERY_FAILED', failureText(failure, provider), 502, undefined, {
        extra: { failure, ...extra },
      })

const isOAuthProvider = (s: string): s is OAuthProvider =>
  (OAUTH_PROVIDERS as readonly string[]).includes(s)

const isFailureClass = (s: string | null): s is EmailFailureClass =>
  (EMAIL_FAILURE_CLASSES as readonly string[]).includes(s ?? '')

function recipientsOf(ctx: ServiceContext, row: EmailLogRow): string[] {
  try {
    return JSON.parse(
      openSecret(ctx.config.appSecret, row.recipientsSealed, place(row.id, 'recipients')),
    ) as string[]
  } catch {
    return []
  }
}

/** What a repeated request (same idempotency key) answers: the first one's outcome, never a send. */
function replay(ctx: SignedInContext, row: EmailLogRow): SendEmailResponse {
  if (row.status === 'sending') throw conflict(SEND_IN_PROGRESS)
  if (row.status === 'failed')
    throw failureError(isFailureClass(row.failure) ? row.failure : 'message_rejected', row.provider)
  return {
    status: row.status,
    messageId: row.messageId ?? '',
    sentCopy: row.sentCopy,
    recipients: recipientsOf(ctx, row).map((address) => ({ address, status: 'accepted' })),
  }
}

/**
 * POST /email/send. Answers `sent` or `unknown`; a failure the provider reported throws the 502
 * (413 for `too_large`) with the failure class, after the log row records it.
 */
export async function sendEmail(
  ctx: SignedInContext,
  pool: RenderPool,
  body: SendEmailRequest,
): Promise<SendEmailResponse> {
  const { appSecret } = ctx.config
  const requests = validateData(body.documentTypes, body.data)

  const earlier = await findEmailLogByKey(ctx.db, ctx.actor.id, body.idempotencyKey)
  if (earlier) return replay(ctx, earlier)

  const settings = (await allSettings(ctx)).email
  const mailbox = await resolveMailbox(ctx, body.account, settings)
  const from: Mailbox = {
    address: mailbox.fromAddress,
    ...(fromName(settings.defaultFromName) ? { name: fromName(settings.defaultFromName) } : {}),
  }
  const cc = [...(body.cc ?? [])]
  const everyone = [...body.to, ...cc]
  if (settings.ccToSelf && !everyone.some((m) => sameAddress(m.address, from.address)))
    cc.push({ address: from.address })
  const recipients = [...body.to, ...cc].map((m) => m.address)

  // Claims the key: of two requests racing with one key, exactly one inserts the row and sends.
  const id = randomUUID()
  const now = ctx.now()
  const row = await claimEmailLog(ctx.db, {
    id,
    userId: ctx.actor.id,
    businessId: ctx.actor.businessId,
    idempotencyKey: body.idempotencyKey,
    status: 'sending',
    provider: mailbox.provider,
    smtpAccountId: mailbox.smtpAccountId,
    fromAddress: mailbox.fromAddress,
    recipientsSealed: sealSecret(appSecret, JSON.stringify(recipients), place(id, 'recipients')),
    recipientHashes: recipients.map((a) => recipientHash(appSecret, a)),
    subjectSealed: sealSecret(appSecret, body.subject, place(id, 'subject')),
    documentTypes: body.documentTypes,
    createdAt: now,
  })
  if (!row) {
    const winner = await findEmailLogByKey(ctx.db, ctx.actor.id, body.idempotencyKey)
    if (winner) return replay(ctx, winner)
    throw conflict(SEND_IN_PROGRESS)
  }

  const finish = (set: Parameters<typeof updateEmailLog>[2]) =>
    updateEmailLog(ctx.db, id, { ...set, finishedAt: ctx.now() })

  // Rendering: a refusal (plan, limit, busy pool) or a render failure sends nothing, so the row
  // goes and the same key may be tried again. Each PDF rendered is counted, whatever follows.
  let attachments: MailAttachment[]
  try {
    attachments = await Promise.all(
      body.documentTypes.map(async (kind): Promise<MailAttachment> => {
        const request = requests.get(kind)
        const job = { kind, request } as Parameters<typeof generateDocument>[2]
        const content = await generateDocument(ctx, pool, job)
        const { patient, date } = documentSubject(kind, request as never)
        return {
          filename: documentFileName(kind, patient, date),
          content,
          contentType: 'application/pdf',
        }
      }),
    )
  } catch (err) {
    await deleteEmailLog(ctx.db, id)
    throw err
  }

  let message
  try {
    message = await composeMessage({
      from,
      to: body.to,
      cc,
      subject: body.subject,
      text: bodyText(body.message, settings.defaultSignature),
      attachments,
    })
  } catch (err) {
    if (!(err instanceof MessageTooLargeError)) {
      await deleteEmailLog(ctx.db, id)
      throw err
    }
    await finish({
      status: 'failed',
      failure: 'too_large',
      failureMessage: EMAIL_FAILURE_MESSAGES.too_large,
    })
    await auditSend(ctx, row, 'too_large')
    throw failureError('too_large', mailbox.provider)
  }

  const outcome = await inMailboxTurn(mailbox.concurrencyKey, async () => {
    const delivery = await deliver(mailbox.transport, message, { retry: ctx.config.mailRetry })
    if (!delivery.ok) return { delivery, sentCopy: null }
    const ids = [message.messageId]
    if (delivery.receipt.replacedMessageId) ids.push(delivery.receipt.replacedMessageId)
    const copy = await mailbox.fileSentCopy({ raw: message.raw, messageIds: ids })
    return { delivery, sentCopy: copy.outcome }
  })
  const { delivery } = outcome

  if (!delivery.ok) {
    const { failure } = delivery.failure
    ctx.log.warn(
      { logId: id, failure, detail: delivery.failure.detail, attempts: delivery.attempts },
      'email not sent',
    )
    if (failure === 'unknown_outcome') {
      await finish({
        status: 'unknown',
        messageId: message.messageId,
        failure,
        failureMessage: EMAIL_FAILURE_MESSAGES.unknown_outcome,
      })
      await auditSend(ctx, row, failure)
      return {
        status: 'unknown',
        messageId: message.messageId,
        sentCopy: null,
        recipients: recipients.map((address) => ({ address, status: 'accepted' as const })),
      }
    }
    await finish({
      status: 'failed',
      messageId: message.messageId,
      failure,
      failureMessage: failureText(failure, mailbox.provider),
    })
    await auditSend(ctx, row, failure)
    throw failureError(failure, mailbox.provider)
  }

  const sentCopy: SentCopyOutcome = outcome.sentCopy ?? 'failed'
  const rejected = delivery.receipt.rejected.map((a) => a.toLowerCase())
  await finish({
    status: 'sent',
    messageId: message.messageId,
    providerMessageId: delivery.receipt.providerMessageId ?? null,
    sentCopy,
  })
  await auditSend(ctx, row, null, sentCopy)
  return {
    status: 'sent',
    messageId: message.messageId,
    sentCopy,
    recipients: recipients.map((address) => ({
      address,
      status: rejected.includes(address.toLowerCase()) ? 'rejected' : 'accepted',
    })),
  }
}

// The audit trail keeps ids and outcomes only: never a recipient or a subject. A recipient is
// named by the email log's keyed hash, so sends to one address can be matched without it. The
// event is the sender's, also when the start-up recovery records it.
const auditSend = (
  ctx: ServiceContext,
  log: Pick<EmailLogRow, 'id' | 'userId' | 'businessId' | 'provider' | 'recipientHashes'>,
  failure: EmailFailureClass | null,
  sentCopy?: SentCopyOutcome,
) => {
  ctx.metrics?.sendFinished(log.provider, failure ?? 'sent')
  return recordAudit(ctx, {
    action: !failure
      ? 'email.sent'
      : failure === 'unknown_outcome'
        ? 'email.unknown'
        : 'email.failed',
    outcome: failure ? 'failure' : 'success',
    businessId: log.businessId,
    actorId: log.userId,
    details: {
      logId: log.id,
      provider: log.provider as SendingMailbox['provider'],
      recipientHashes: log.recipientHashes,
      ...(failure ? { failure } : {}),
      ...(sentCopy ? { sentCopy } : {}),
    },
  })
}

// ---------------------------------------------------------------------------------------------
// The email log

type Cursor = { createdAt: Date; id: string }

const encodeCursor = (row: EmailLogRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url')

function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const createdAt = new Date(at ?? '')
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id ?? ''))
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' })
  return { createdAt, id: id! }
}

function toEntry(ctx: ServiceContext, row: EmailLogRow): EmailLogEntry {
  let subject = ''
  try {
    subject = openSecret(ctx.config.appSecret, row.subjectSealed, place(row.id, 'subject'))
  } catch {
    // A row sealed under another APP_SECRET still lists, without its subject.
  }
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    recipients: recipientsOf(ctx, row),
    subject,
    documentTypes: row.documentTypes.filter((k): k is DocumentKind => k in DOCUMENTS),
    provider: row.provider,
    fromAddress: row.fromAddress,
    providerMessageId: row.providerMessageId,
    failure: isFailureClass(row.failure) ? row.failure : null,
    failureMessage: row.failureMessage,
    sentCopy: row.sentCopy,
  }
}

/** GET /email/log: the caller's own sends, newest first, with the cursor of the next page. */
export async function emailLogPage(
  ctx: SignedInContext,
  query: { cursor?: string; limit: number },
): Promise<{ entries: EmailLogEntry[]; nextCursor: string | null }> {
  const rows = await listEmailLog(ctx.db, ctx.actor.id, query.limit + 1, decodeCursor(query.cursor))
  const page = rows.slice(0, query.limit)
  return {
    entries: page.map((row) => toEntry(ctx, row)),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  }
}

/**
 * At start-up: rows left `sending` by a process that ended mid-send become `unknown` (the message
 * may have gone out; it is never sent again automatically), each with its `email.unknown` event,
 * in one transaction. Returns how many.
 */
export async function recoverStaleSends(ctx: ServiceContext): Promise<number> {
  const now = ctx.now()
  const failure = 'unknown_outcome'
  return ctx.db.transaction(async (tx) => {
    const marked = await markStaleSendsUnknown(tx, new Date(now.getTime() - STALE_SENDING_MS), {
      failure,
      failureMessage: EMAIL_FAILURE_MESSAGES.unknown_outcome,
      finishedAt: now,
    })
    for (const row of marked) await auditSend(withDb(ctx, tx), row, failure)
    return marked.length
  })
}
