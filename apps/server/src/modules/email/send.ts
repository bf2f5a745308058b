/**
 * Sending documents from the therapist's own mailbox (docs/product/email.md#sending): one email
 * per message of the request (each reader their own documents), each with its own email log row
 * claimed by the click's idempotency key before anything else happens. Whatever can refuse a send
 * without a PDF (the mailbox, its host, its grant) is checked before the first PDF renders; the
 * PDFs render on the document pool and count like the documents routes, and a message that fails
 * before the provider accepted it gives its counts back in the transaction that records the
 * failure. Each composed message goes to the mailbox's transport under the retry rule
 * (`email/deliver.ts`); the Sent copy is filed after an accepted send (delivery.ts). Nothing of
 * the body or the attachments is stored or logged.
 */
import { randomUUID } from 'node:crypto'
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
  SendEmailRequest,
  SendEmailResponse,
  SendMessage,
  SentMessageResult,
} from '@myodocs/shared/contracts/email'
import { EMAIL_FAILURE_MESSAGES, SEND_IN_PROGRESS } from '@myodocs/shared/constants/email-messages'
import { VALIDATION_FAILED } from '@myodocs/shared/constants/messages'
import type { EmailSettings } from '@myodocs/shared/contracts/settings'
import { recipientHash } from '../../email/recipient-hash'
import { MailFailure } from '../../email/transport'
import { sealSecret } from '../../lib/crypto'
import { AppError, badRequest, conflict } from '../../lib/errors'
import type { SignedInContext } from '../../lib/service-context'
import { generateDocument } from '../documents'
import type { RenderPool } from '../documents'
import { allSettings } from '../settings'
import { resolveMailbox } from './mailbox'
import type { OAuthMailboxResolver, SendingMailbox } from './mailbox'
import {
  claimEmailLog,
  deleteEmailLog,
  deleteFailedEmailLog,
  findEmailLogByKey,
  userNameOf,
} from './repository'
import type { EmailLogRow } from './repository'
import { failureError, outcomeOf, place, sealRecipients } from './send-log'

import { deliverOne, fail } from './delivery'
import type { Claimed } from './delivery'
export { emailLogPage, recoverStaleSends, STALE_SENDING_MS } from './send-log'

/** What `buildApp` hands the send path: the PDF render pool and the OAuth mailboxes. */
export type SendServices = {
  renderPool: RenderPool
  oauthMailbox: OAuthMailboxResolver
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
