/**
 * Sending documents from the therapist's own mailbox: `POST /api/email/send` and
 * `GET /api/email/log`. It re-exports the address rules every recipient and sender passes
 * (mail-address.ts) and the SMTP account calls (smtp-account.ts), so one path serves all of email.
 */
import { z } from 'zod'
import { multilineText, text } from './text'
import {
  EMAIL_FAILURE_CLASSES,
  MAIL_RECIPIENT_DUPLICATE,
  MAIL_SUBJECT_INVALID,
  SENT_COPY_OUTCOMES,
} from '../constants/email-messages'
import { isRequired, tooLong } from '../constants/document-messages'
import { OAUTH_PROVIDERS } from '../constants/oauth-messages'
import { DOCUMENTS, DOCUMENT_KINDS } from './document-registry'
import { ApiFailureSchema } from './envelope'
import {
  ENCODED_WORD,
  EMAIL_SUBJECT_MAX_LENGTH,
  EMAIL_MESSAGE_MAX_LENGTH,
  MAX_RECIPIENTS_PER_SEND,
  MailboxSchema,
  hasNoControlCharacters,
  sameAddress,
} from './mail-address'
import type { Mailbox } from './mail-address'

export {
  MAIL_ADDRESS_MAX_LENGTH,
  MAIL_LOCAL_PART_MAX_LENGTH,
  MAIL_NAME_MAX_LENGTH,
  MAX_RECIPIENTS_PER_SEND,
  EMAIL_SUBJECT_MAX_LENGTH,
  EMAIL_MESSAGE_MAX_LENGTH,
  MAX_EMAIL_MESSAGE_BYTES,
  hasHeaderUnsafeCharacters,
  MailAddressSchema,
  MailNameSchema,
  FromNameSchema,
  SenderSchema,
  fromLine,
  MailboxSchema,
  sameAddress,
} from './mail-address'
export type { Mailbox } from './mail-address'
export {
  MAIL_SECURITY_MODES,
  MailHostSchema,
  MailPortSchema,
  SentFolderSchema,
  SmtpConfigCreateRequestSchema,
  SmtpConfigUpdateRequestSchema,
  SmtpConfigurationSchema,
  SmtpConfigListResponseSchema,
  SmtpConfigResponseSchema,
  ConnectionStepSchema,
  SmtpConfigTestResponseSchema,
} from './smtp-account'
export type {
  MailSecurity,
  SmtpConfigCreateRequest,
  SmtpConfigUpdateRequest,
  SmtpConfiguration,
  ConnectionStep,
  SmtpConfigTestResponse,
} from './smtp-account'

// ---------------------------------------------------------------------------------------------
// Sending

/** Which connected mailbox sends: an SMTP account, or an OAuth provider. */
export const SendingAccountSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('smtp'), id: text().min(1).max(100) }),
  z.strictObject({ type: z.literal('oauth'), provider: z.enum(OAUTH_PROVIDERS) }),
])
export type SendingAccount = z.infer<typeof SendingAccountSchema>

/** A subject line: one line of text (nodemailer encodes it; a line break is refused, not folded). */
export const EmailSubjectSchema = text({ error: isRequired('Subject') })
  .refine((s) => hasNoControlCharacters(s) && !s.includes(ENCODED_WORD), MAIL_SUBJECT_INVALID)
  .trim()
  .min(1, isRequired('Subject'))
  .max(EMAIL_SUBJECT_MAX_LENGTH, tooLong('Subject', EMAIL_SUBJECT_MAX_LENGTH))

const recipients = (max: number) =>
  z.array(MailboxSchema).max(max, `At most ${MAX_RECIPIENTS_PER_SEND} recipients`)

/** At most this many emails in one send (one per reader is the usual case). */
export const MAX_MESSAGES_PER_SEND = 4

const DocumentTypesSchema = z
  .array(z.enum(DOCUMENT_KINDS))
  .min(1, 'Choose at least one document')
  .refine((kinds) => new Set(kinds).size === kinds.length, 'A document is listed twice')

// One request body (`data`) feeds every attached document, so they share one session.
const oneSession = (kinds: readonly (typeof DOCUMENT_KINDS)[number][]) =>
  new Set(kinds.map((kind) => DOCUMENTS[kind].session)).size <= 1
const DIFFERENT_PAGES = 'These documents come from different pages and cannot be sent together'

const EmailMessageTextSchema = multilineText({ error: isRequired('Message') }).max(
  EMAIL_MESSAGE_MAX_LENGTH,
  tooLong('Message', EMAIL_MESSAGE_MAX_LENGTH),
)

/** One email's recipients: at most ten in To and Cc together, no address twice. */
function checkRecipients(
  to: readonly Mailbox[],
  cc: readonly Mailbox[] | undefined,
  ctx: z.RefinementCtx,
  at: Array<string | number> = [],
) {
  const all = [
    ...to.map((m, i) => ({ m, path: [...at, 'to', i, 'address'] })),
    ...(cc ?? []).map((m, i) => ({ m, path: [...at, 'cc', i, 'address'] })),
  ]
  if (all.length > MAX_RECIPIENTS_PER_SEND)
    ctx.addIssue({
      code: 'custom',
      path: [...at, 'cc'],
      message: `At most ${MAX_RECIPIENTS_PER_SEND} recipients`,
    })
  all.forEach(({ m, path }, i) => {
    if (all.slice(0, i).some((earlier) => sameAddress(earlier.m.address, m.address)))
      ctx.addIssue({ code: 'custom', path, message: MAIL_RECIPIENT_DUPLICATE })
  })
}

/** One email of a send by reader: its own recipients, documents, subject and message. */
export const SendMessageSchema = z
  .strictObject({
    to: recipients(MAX_RECIPIENTS_PER_SEND).min(1, 'Add at least one recipient'),
    cc: recipients(MAX_RECIPIENTS_PER_SEND).optional(),
    documentTypes: DocumentTypesSchema,
    subject: EmailSubjectSchema,
    message: EmailMessageTextSchema,
  })
  .superRefine((m, ctx) => checkRecipients(m.to, m.cc, ctx))
export type SendMessage = z.infer<typeof SendMessageSchema>

const ONE_FORM =
  'Send either `messages` or one message’s to, cc, documentTypes, subject and message'

/**
 * `POST /api/email/send`. Either one email (`documentTypes`, `to`, `cc`, `subject`, `message`) or
 * `messages`, one email per entry (each reader their own documents). `data` is the body of the
 * documents' `/api/documents/<kind>` call, validated with each kind's schema, so every document of
 * the request comes from one session; `idempotencyKey` is made once per Send click, so a repeated
 * request never sends twice.
 */
export const SendEmailRequestSchema = z
  .strictObject({
    documentTypes: DocumentTypesSchema.refine(oneSession, DIFFERENT_PAGES).optional(),
    data: z.unknown(),
    to: recipients(MAX_RECIPIENTS_PER_SEND).optional(),
    cc: recipients(MAX_RECIPIENTS_PER_SEND).optional(),
    subject: EmailSubjectSchema.optional(),
    message: EmailMessageTextSchema.optional(),
    messages: z
      .array(SendMessageSchema)
      .min(1, 'Add at least one message')
      .max(MAX_MESSAGES_PER_SEND, `At most ${MAX_MESSAGES_PER_SEND} messages`)
      .optional(),
    account: SendingAccountSchema.optional(),
    idempotencyKey: text({ error: isRequired('idempotencyKey') }).regex(
      /^[A-Za-z0-9_-]{16,100}$/,
      'idempotencyKey must be 16 to 100 letters, digits, - or _',
    ),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message })
    if (body.messages) {
      for (const field of ['documentTypes', 'to', 'cc', 'subject', 'message'] as const)
        if (body[field] !== undefined) issue(field, ONE_FORM)
      if (!oneSession(body.messages.flatMap((m) => m.documentTypes)))
        issue('messages', DIFFERENT_PAGES)
      return
    }
    if (!body.documentTypes) issue('documentTypes', 'Choose at least one document')
    if (!body.to?.length) issue('to', 'Add at least one recipient')
    if (body.subject === undefined) issue('subject', isRequired('Subject'))
    if (body.message === undefined) issue('message', isRequired('Message'))
    checkRecipients(body.to ?? [], body.cc, ctx)
  })
export type SendEmailRequest = z.infer<typeof SendEmailRequestSchema>

/** The emails a valid request sends: its `messages`, or the one its own fields describe. */
export function sendMessagesOf(body: SendEmailRequest): SendMessage[] {
  if (body.messages) return body.messages
  return [
    {
      to: body.to ?? [],
      ...(body.cc ? { cc: body.cc } : {}),
      documentTypes: body.documentTypes ?? [],
      subject: body.subject ?? '',
      message: body.message ?? '',
    },
  ]
}

/** Where the message ended: `sent` (the provider accepted it) or `unknown` (sent, unconfirmed). */
export const SEND_STATUSES = ['sent', 'unknown'] as const

/**
 * Per recipient: `accepted` (the provider took it for this address), `refused` (not for this
 * address; `reason` is the failure class) or `unconfirmed` (the outcome is unknown).
 */
export const RECIPIENT_STATUSES = ['accepted', 'refused', 'unconfirmed'] as const
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number]

export const RecipientResultSchema = z.object({
  address: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.enum(EMAIL_FAILURE_CLASSES).optional(),
})
export type RecipientResult = z.infer<typeof RecipientResultSchema>

/** One email's outcome (`POST /api/email/send` with one message). */
export const SendEmailResultSchema = z.object({
  status: z.enum(SEND_STATUSES),
  /** The Message-ID header the message carries, `<…@…>`. */
  messageId: z.string(),
  /**
   * Null when the outcome is `unknown`: no copy is filed then, so the Sent folder shows whether the
   * provider took the message.
   */
  sentCopy: z.enum(SENT_COPY_OUTCOMES).nullable(),
  /** Per recipient, what the provider did (an SMTP server can refuse one and take the rest). */
  recipients: z.array(RecipientResultSchema),
})
export type SendEmailResult = z.infer<typeof SendEmailResultSchema>

/** One entry of `messages`: like a single send's answer, and `failed` does not fail the others. */
export const SentMessageResultSchema = z.object({
  status: z.enum(['sent', 'unknown', 'failed']),
  /** Null when it failed before a message was made (too large). */
  messageId: z.string().nullable(),
  sentCopy: z.enum(SENT_COPY_OUTCOMES).nullable(),
  recipients: z.array(RecipientResultSchema),
  /** Why it failed, or why the outcome is unknown; null when sent. */
  failure: z.enum(EMAIL_FAILURE_CLASSES).nullable(),
  failureMessage: z.string().nullable(),
})
export type SentMessageResult = z.infer<typeof SentMessageResultSchema>

/** `POST /api/email/send` with `messages`: one outcome per entry, in the request's order. */
export const SendMessagesResultSchema = z.object({ messages: z.array(SentMessageResultSchema) })
export type SendMessagesResult = z.infer<typeof SendMessagesResultSchema>

/** `POST /api/email/send` answer data: the single email's outcome, or `messages`. */
export const SendEmailResponseSchema = z.union([SendEmailResultSchema, SendMessagesResultSchema])
export type SendEmailResponse = z.infer<typeof SendEmailResponseSchema>

/**
 * `POST /api/email/send` failures beyond the usual envelope: `failure` says why the provider did
 * not take the message (502 `MAIL_DELIVERY_FAILED`, or 413 `PAYLOAD_TOO_LARGE` for `too_large`);
 * `message` is its text from `EMAIL_FAILURE_MESSAGES`.
 */
export const SendEmailFailureSchema = ApiFailureSchema.extend({
  failure: z.enum(EMAIL_FAILURE_CLASSES).optional(),
})

// ---------------------------------------------------------------------------------------------
// The email log

/** One row per Send click: `sending` until the provider answers, then one of the other three. */
export const EMAIL_LOG_STATUSES = ['sending', 'sent', 'failed', 'unknown'] as const

/** `GET /api/email/log` query: newest first, `cursor` from the previous page. */
export const EmailLogQuerySchema = z.strictObject({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})

/** One send as the history list shows it (the user's own sends only). */
export const EmailLogEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.enum(EMAIL_LOG_STATUSES),
  recipients: z.array(z.string()),
  /** The same addresses, each with what the provider did (as the send's answer says it). */
  recipientResults: z.array(RecipientResultSchema),
  subject: z.string(),
  documentTypes: z.array(z.enum(DOCUMENT_KINDS)),
  /** Which mailbox sent it, e.g. `smtp` or `gmail`, and the account's address. */
  provider: z.string(),
  fromAddress: z.string(),
  providerMessageId: z.string().nullable(),
  failure: z.enum(EMAIL_FAILURE_CLASSES).nullable(),
  /** The user-facing reason of a failure (or of an unknown outcome). */
  failureMessage: z.string().nullable(),
  sentCopy: z.enum(SENT_COPY_OUTCOMES).nullable(),
})
export type EmailLogEntry = z.infer<typeof EmailLogEntrySchema>

/** `GET /api/email/log` answer data. */
export const EmailLogResponseSchema = z.object({
  entries: z.array(EmailLogEntrySchema),
  nextCursor: z.string().nullable(),
})
