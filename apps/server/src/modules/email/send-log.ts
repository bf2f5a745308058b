/**
 * What a send leaves behind (docs/product/email.md#the-email-log): one email log row per message,
 * its recipients sealed with what the provider did for each, the Activity log event of its
 * outcome, and what the API, a repeated request and the email log answer from that row, so the
 * dialog, the API, the log and Activity say the same. Rows a process left `sending` are swept.
 */
import { DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { RecipientResultSchema } from '@myodocs/shared/contracts/email'
import type {
  EmailLogEntry,
  RecipientResult,
  SentMessageResult,
} from '@myodocs/shared/contracts/email'
import {
  EMAIL_FAILURE_CLASSES,
  EMAIL_FAILURE_MESSAGES,
} from '@myodocs/shared/constants/email-messages'
import type { EmailFailureClass, SentCopyOutcome } from '@myodocs/shared/constants/email-messages'
import { OAUTH_PROVIDERS, oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import { openSecret, sealSecret } from '../../lib/crypto'
import { AppError, badRequest } from '../../lib/errors'
import { withDb } from '../../lib/service-context'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import type { SendingMailbox } from './mailbox'
import { listEmailLog, markStaleSends } from './repository'
import type { EmailLogRow } from './repository'

/**
 * A row still `sending` this long after it was made cannot still be in flight: rendering, three
 * SMTP attempts at their longest and the Sent copy's deadline together stay well under it.
 */
export const STALE_SENDING_MS = 15 * 60_000

/** How often the running server looks for such rows. */
export const SWEEP_EVERY_MS = 60_000

const TABLE = 'email_log'
export const place = (rowId: string, column: string) => ({ table: TABLE, column, rowId })

const isOAuthProvider = (s: string): s is OAuthProvider =>
  (OAUTH_PROVIDERS as readonly string[]).includes(s)

export const isFailureClass = (s: string | null): s is EmailFailureClass =>
  (EMAIL_FAILURE_CLASSES as readonly string[]).includes(s ?? '')

/** What the therapist reads; a connected mailbox that must be reconnected is named. */
export const failureText = (failure: EmailFailureClass, provider: string) =>
  failure === 'reauth_required' && isOAuthProvider(provider)
    ? oauthReconnectMessage(provider)
    : EMAIL_FAILURE_MESSAGES[failure]

/** The error a single-message send answers when its message failed (413 for `too_large`). */
export const failureError = (failure: EmailFailureClass, text: string) =>
  failure === 'too_large'
    ? new AppError('PAYLOAD_TOO_LARGE', EMAIL_FAILURE_MESSAGES.too_large, 413, undefined, {
        extra: { failure },
      })
    : new AppError('MAIL_DELIVERY_FAILED', text, 502, undefined, { extra: { failure } })

// ---------------------------------------------------------------------------------------------
// Recipients, sealed with their outcome

export const sealRecipients = (appSecret: string, rowId: string, results: RecipientResult[]) =>
  sealSecret(appSecret, JSON.stringify(results), place(rowId, 'recipients'))

/** Each recipient of a row as its status alone says (rows from before per-recipient results). */
function byRowStatus(row: EmailLogRow): Omit<RecipientResult, 'address'> {
  if (row.status === 'sent') return { status: 'accepted' }
  if (row.status === 'failed')
    return { status: 'refused', reason: isFailureClass(row.failure) ? row.failure : undefined }
  return { status: 'unconfirmed' }
}

/** The row's recipients with what the provider did for each; [] when the seal does not open. */
export function recipientResultsOf(ctx: ServiceContext, row: EmailLogRow): RecipientResult[] {
  let stored: unknown
  try {
    stored = JSON.parse(
      openSecret(ctx.config.appSecret, row.recipientsSealed, place(row.id, 'recipients')),
    )
  } catch {
    return []
  }
  if (!Array.isArray(stored)) return []
  return stored.flatMap((item: unknown): RecipientResult[] => {
    const parsed = RecipientResultSchema.safeParse(
      typeof item === 'string' ? { address: item, ...byRowStatus(row) } : item,
    )
    if (!parsed.success) return []
    // Only a sent row's recipients differ one from another; the others share the row's outcome.
    return [
      row.status === 'sent' ? parsed.data : { address: parsed.data.address, ...byRowStatus(row) },
    ]
  })
}

/** What a row answers: a repeated request gets the first one's outcome, never a second send. */
export function outcomeOf(ctx: ServiceContext, row: EmailLogRow): SentMessageResult {
  const failure = isFailureClass(row.failure) ? row.failure : null
  return {
    status: row.status === 'sent' ? 'sent' : row.status === 'failed' ? 'failed' : 'unknown',
    messageId: row.messageId,
    sentCopy: row.sentCopy,
    recipients: recipientResultsOf(ctx, row),
    failure: row.status === 'sent' ? null : failure,
    failureMessage: row.status === 'sent' ? null : row.failureMessage,
  }
}

// ---------------------------------------------------------------------------------------------
// The Activity log

// The audit trail keeps ids and outcomes only: never a recipient or a subject. A recipient is
// named by the email log's keyed hash, so sends to one address can be matched without it. The
// event is the sender's, also when the sweep records it.
export const auditSend = (
  ctx: ServiceContext,
  log: Pick<EmailLogRow, 'id' | 'userId' | 'businessId' | 'provider' | 'recipientHashes'>,
  failure: EmailFailureClass | null,
  extra: { sentCopy?: SentCopyOutcome; recipients?: RecipientResult[] } = {},
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
      ...(extra.recipients ? { recipientStatuses: extra.recipients.map((r) => r.status) } : {}),
      ...(failure ? { failure } : {}),
      ...(extra.sentCopy ? { sentCopy: extra.sentCopy } : {}),
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
  const recipientResults = recipientResultsOf(ctx, row)
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    recipients: recipientResults.map((r) => r.address),
    recipientResults,
    subject,
    documentTypes: row.documentTypes.filter((k): k is DocumentKind => k in DOCUMENTS),
    provider: row.provider,
    fromAddress: row.fromAddress,
    providerMessageId: row.providerMessageId,
    // While it is sending, a row's failure is not an outcome yet.
    failure: row.status !== 'sending' && isFailureClass(row.failure) ? row.failure : null,
    failureMessage: row.status !== 'sending' ? row.failureMessage : null,
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

// ---------------------------------------------------------------------------------------------
// The sweep

/**
 * Rows left `sending` past `STALE_SENDING_MS` by a process that ended mid-send: one never handed
 * to the provider becomes `failed` (`interrupted`), so a retry of its key sends it; one handed over
 * becomes `unknown` (it may have gone out, and is never sent again automatically). Each gets its
 * Activity event, in one transaction. Runs at start-up and every `SWEEP_EVERY_MS`. Returns how many.
 */
export async function recoverStaleSends(ctx: ServiceContext): Promise<number> {
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    const marked = await markStaleSends(tx, new Date(now.getTime() - STALE_SENDING_MS), {
      interrupted: {
        failure: 'interrupted',
        failureMessage: EMAIL_FAILURE_MESSAGES.interrupted,
      },
      unknown: {
        failure: 'unknown_outcome',
        failureMessage: EMAIL_FAILURE_MESSAGES.unknown_outcome,
      },
      finishedAt: now,
    })
    for (const row of marked.interrupted) await auditSend(withDb(ctx, tx), row, 'interrupted')
    for (const row of marked.unknown) await auditSend(withDb(ctx, tx), row, 'unknown_outcome')
    return marked.interrupted.length + marked.unknown.length
  })
}

/** Sweeps every `everyMs` while the server runs; returns the stop. A failed run is logged and retried next time. */
export function scheduleSendSweep(ctx: ServiceContext, everyMs = SWEEP_EVERY_MS): () => void {
  const timer = setInterval(() => {
    recoverStaleSends(ctx)
      .then((marked) => {
        if (marked > 0) ctx.log.warn({ marked }, 'unfinished sends swept')
      })
      .catch((err: unknown) =>
        ctx.log.warn({ err: { message: (err as Error).message } }, 'send sweep failed'),
      )
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
