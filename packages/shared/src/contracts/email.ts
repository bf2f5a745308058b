/**
 * Sending documents from the therapist's own mailbox: the address rules every recipient and
 * sender passes, the SMTP account calls (`/api/email/smtp-configs`, `/api/email/smtp-config/…`,
 * `PUT /api/auth/smtp-config`), `POST /api/email/send` and `GET /api/email/log`.
 *
 * An address is exactly one mailbox, `{ name?, address }`, never a string the mail library would
 * parse: a loose string can carry a second recipient or group syntax that silently redirects the
 * message (see `docs/decisions/009-own-mailbox-sending.md`).
 */
import { z } from 'zod'
import { hasControlCharacters, multilineText, text } from './text'
import {
  EMAIL_FAILURE_CLASSES,
  MAIL_ADDRESS_INVALID,
  MAIL_ADDRESS_REQUIRED,
  MAIL_ADDRESS_TOO_LONG,
  FROM_NAME_INVALID,
  MAIL_HOST_INVALID,
  MAIL_NAME_INVALID,
  MAIL_RECIPIENT_DUPLICATE,
  MAIL_SUBJECT_INVALID,
  SENT_COPY_OUTCOMES,
} from '../constants/email-messages'
import { isRequired, tooLong } from '../constants/document-messages'
import { OAUTH_PROVIDERS } from '../constants/oauth-messages'
import { DOCUMENTS, DOCUMENT_KINDS } from './document-registry'
import { ApiFailureSchema } from './envelope'

// ---------------------------------------------------------------------------------------------
// Limits

/** The longest address a mail server must accept (RFC 5321 forward-path). */
export const MAIL_ADDRESS_MAX_LENGTH = 254
/** The longest local part (before the @) of an address (RFC 5321). */
export const MAIL_LOCAL_PART_MAX_LENGTH = 64
/** The longest display name beside an address. */
export const MAIL_NAME_MAX_LENGTH = 100
/** At most this many recipients (To and Cc together) in one send. */
export const MAX_RECIPIENTS_PER_SEND = 10
export const EMAIL_SUBJECT_MAX_LENGTH = 200
export const EMAIL_MESSAGE_MAX_LENGTH = 10_000
/** The whole message, attachments included, as sent (base64 adds a third to each PDF). */
export const MAX_EMAIL_MESSAGE_BYTES = 3 * 1024 * 1024

// Beyond the request-text rule: C1 controls and the Unicode line and paragraph separators, which
// a mail reader may also render as a line break inside a header.
const HEADER_LINE_BREAKS = /[\u0080-\u009f\u2028\u2029]/
// Angle brackets would let a name show as another address ("Pat <x@y>"); commas, quotes and the
// rest are quoted by the composer (nodemailer) as docs/product/email.md says, so a name may hold them.
const NAME_SYNTAX_CHARACTERS = /[<>]/
// The opener of an RFC 2047 encoded word: sent as typed, a reader would decode it (`=?utf-8?q?=0D=0A?=`
// shows as a line break), so what the recipient sees would differ from what was validated.
const ENCODED_WORD = '=?'

/** Does the text hold a control character (CR, LF, NUL, TAB…) or a Unicode line separator? */
export const hasHeaderUnsafeCharacters = (s: string) =>
  hasControlCharacters(s) || HEADER_LINE_BREAKS.test(s)
const hasNoControlCharacters = (s: string) => !hasHeaderUnsafeCharacters(s)

// ---------------------------------------------------------------------------------------------
// One mailbox

/**
 * One plain address, `local@domain.tld`, ASCII: no display name, no second address, no quotes,
 * comments or group syntax. Line breaks are refused, not trimmed away, so an injection attempt
 * is a visible error rather than a silently repaired value.
 */
export const MailAddressSchema = text({ error: MAIL_ADDRESS_REQUIRED })
  .refine(hasNoControlCharacters, MAIL_ADDRESS_INVALID)
  .trim()
  .min(1, MAIL_ADDRESS_REQUIRED)
  .max(MAIL_ADDRESS_MAX_LENGTH, MAIL_ADDRESS_TOO_LONG)
  .refine((s) => s.indexOf('@') <= MAIL_LOCAL_PART_MAX_LENGTH, MAIL_ADDRESS_INVALID)
  // zod's address pattern allows only letters, digits and _ ' + - . before the @ and a dotted
  // domain after it: commas, semicolons, quotes, angle brackets and spaces cannot pass.
  .pipe(z.email(MAIL_ADDRESS_INVALID))

/** A display name: printable text without the characters header syntax gives a meaning to. */
export const MailNameSchema = text()
  .refine(hasNoControlCharacters, MAIL_NAME_INVALID)
  .refine((s) => !NAME_SYNTAX_CHARACTERS.test(s) && !s.includes(ENCODED_WORD), MAIL_NAME_INVALID)
  .trim()
  .max(MAIL_NAME_MAX_LENGTH, tooLong('Name', MAIL_NAME_MAX_LENGTH))

/**
 * The therapist's From name (Settings → Email): any printable text, commas, quotes and accents
 * included, since the composer hands it to nodemailer as an address object, which quotes it (or
 * encodes it) as docs/product/email.md says. No line break, and no `=?` (a reader would decode it).
 */
export const FromNameSchema = text()
  .refine((s) => hasNoControlCharacters(s) && !s.includes(ENCODED_WORD), FROM_NAME_INVALID)
  .trim()
  .max(MAIL_NAME_MAX_LENGTH, `From name must be at most ${MAIL_NAME_MAX_LENGTH} characters`)

/** The sender: the account's address and the From name. */
export const SenderSchema = z.strictObject({
  name: FromNameSchema.optional(),
  address: MailAddressSchema,
})

// The characters a display name may hold unquoted, as the composer (nodemailer) decides it.
const PLAIN_NAME = /^[\w ]*$/

/**
 * The From line as the recipient's mail program shows it: the name as typed, in quotes when it
 * holds more than letters, digits and spaces (a comma, a period, a quote, an accent), then the
 * address. The Settings form shows it so what the therapist types is what recipients read.
 */
export function fromLine(name: string, address: string): string {
  const trimmed = name.trim()
  if (!trimmed) return address
  const shown = PLAIN_NAME.test(trimmed) ? trimmed : `"${trimmed.replace(/(["\\])/g, '\\$1')}"`
  return `${shown} <${address}>`
}

/** One mailbox: an address and, optionally, the name shown beside it. */
export const MailboxSchema = z.strictObject({
  name: MailNameSchema.optional(),
  address: MailAddressSchema,
})
export type Mailbox = z.infer<typeof MailboxSchema>

/** Addresses compare without case: `Pat@Example.test` and `pat@example.test` are one recipient. */
export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

// ---------------------------------------------------------------------------------------------
// SMTP accounts

/** `tls`: TLS from the first byte (465/993); `starttls`: upgraded, required (587/143); `none`: only where the server allows it for local testing. */
export const MAIL_SECURITY_MODES = ['tls', 'starttls', 'none'] as const
export type MailSecurity = (typeof MAIL_SECURITY_MODES)[number]

const HOST_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i
const IPV6_LITERAL = /^\[?[0-9a-f:.]*:[0-9a-f:.]*\]?$/i

/**
 * A server name or IP address as typed, no scheme, port or path. Which hosts and ports may be
 * reached is decided by the server at connection time (private and odd numeric forms refused).
 */
export const MailHostSchema = text({ error: isRequired('Server') })
  .refine(hasNoControlCharacters, MAIL_HOST_INVALID)
  .trim()
  .min(1, isRequired('Server'))
  .max(253, MAIL_HOST_INVALID)
  .refine((s) => HOST_NAME.test(s) || IPV6_LITERAL.test(s), MAIL_HOST_INVALID)

export const MailPortSchema = z
  .number({ error: 'Port must be a whole number from 1 to 65535' })
  .int('Port must be a whole number from 1 to 65535')
  .min(1, 'Port must be a whole number from 1 to 65535')
  .max(65_535, 'Port must be a whole number from 1 to 65535')

const loginName = (label: string) =>
  text({ error: isRequired(label) })
    .refine(hasNoControlCharacters, `${label} cannot contain line breaks`)
    .trim()
    .min(1, isRequired(label))
    .max(MAIL_ADDRESS_MAX_LENGTH, tooLong(label, MAIL_ADDRESS_MAX_LENGTH))

// A password as typed: never trimmed. NUL would end the value inside SASL PLAIN.
const mailPassword = (label: string) =>
  text({ error: isRequired(label) })
    .min(1, isRequired(label))
    .max(1_000, tooLong(label, 1_000))
    .refine(hasNoControlCharacters, `${label} cannot contain control characters`)

/** A mailbox name the Sent copy goes to when the server does not mark one; checked against its folder list. */
export const SentFolderSchema = text()
  .refine(hasNoControlCharacters, 'Sent folder cannot contain line breaks')
  .trim()
  .min(1, isRequired('Sent folder'))
  .max(200, tooLong('Sent folder', 200))

const smtpAccountFields = {
  name: text({ error: isRequired('Name') })
    .refine(hasNoControlCharacters, 'Name cannot contain line breaks')
    .trim()
    .min(1, isRequired('Name'))
    .max(100, tooLong('Name', 100)),
  smtpHost: MailHostSchema,
  smtpPort: MailPortSchema,
  smtpSecurity: z.enum(MAIL_SECURITY_MODES),
  smtpUser: loginName('Username'),
  smtpPassword: mailPassword('Password'),
  fromAddress: MailAddressSchema,
  imapHost: MailHostSchema.optional(),
  imapPort: MailPortSchema.optional(),
  imapSecurity: z.enum(MAIL_SECURITY_MODES).optional(),
  /** Defaults to `smtpUser`. */
  imapUser: loginName('IMAP username').optional(),
  /** Defaults to `smtpPassword`. */
  imapPassword: mailPassword('IMAP password').optional(),
  sentFolder: SentFolderSchema.optional(),
}

type ImapFields = { imapHost?: string; imapPort?: number; imapSecurity?: MailSecurity }

// IMAP is all or nothing: a server name needs its port and security, and neither means anything alone.
function checkImapFields(body: ImapFields, ctx: z.RefinementCtx) {
  const required = 'Required when an IMAP server is set'
  if (body.imapHost !== undefined) {
    if (body.imapPort === undefined)
      ctx.addIssue({ code: 'custom', path: ['imapPort'], message: required })
    if (body.imapSecurity === undefined)
      ctx.addIssue({ code: 'custom', path: ['imapSecurity'], message: required })
  } else if (body.imapPort !== undefined || body.imapSecurity !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['imapHost'], message: isRequired('IMAP server') })
  }
}

/** `POST /api/email/smtp-config`: a new SMTP account; IMAP (for the Sent copy) is optional. */
export const SmtpConfigCreateRequestSchema = z
  .strictObject(smtpAccountFields)
  .superRefine(checkImapFields)
export type SmtpConfigCreateRequest = z.infer<typeof SmtpConfigCreateRequestSchema>

/**
 * `PUT /api/email/smtp-config/{id}` and `PUT /api/auth/smtp-config`: the whole account again;
 * a password left out keeps the stored one (the browser never receives it to send it back).
 * `PUT /api/auth/smtp-config` needs the password when it creates the user's first account.
 */
export const SmtpConfigUpdateRequestSchema = z
  .strictObject({
    ...smtpAccountFields,
    smtpPassword: smtpAccountFields.smtpPassword.optional(),
  })
  .superRefine(checkImapFields)
export type SmtpConfigUpdateRequest = z.infer<typeof SmtpConfigUpdateRequestSchema>

/** An SMTP account as the API shows it: never a password. */
export const SmtpConfigurationSchema = z.object({
  id: z.string(),
  name: z.string(),
  smtpHost: z.string(),
  smtpPort: z.number(),
  smtpSecurity: z.enum(MAIL_SECURITY_MODES),
  smtpUser: z.string(),
  fromAddress: z.string(),
  imapHost: z.string().nullable(),
  imapPort: z.number().nullable(),
  imapSecurity: z.enum(MAIL_SECURITY_MODES).nullable(),
  imapUser: z.string().nullable(),
  sentFolder: z.string().nullable(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type SmtpConfiguration = z.infer<typeof SmtpConfigurationSchema>

/** `GET /api/email/smtp-configs`; also the answer of `DELETE` and `PUT …/default` (the default may move). */
export const SmtpConfigListResponseSchema = z.object({
  configurations: z.array(SmtpConfigurationSchema),
})

/** `POST /api/email/smtp-config`, `PUT /api/email/smtp-config/{id}` and `PUT /api/auth/smtp-config`. */
export const SmtpConfigResponseSchema = z.object({ configuration: SmtpConfigurationSchema })

/** One step of a connection test: it worked, it failed (and why, in the user's words), or it was not set up. */
export const ConnectionStepSchema = z.object({
  status: z.enum(['connected', 'failed', 'not_configured']),
  failure: z.enum(EMAIL_FAILURE_CLASSES).nullable(),
  message: z.string(),
})
export type ConnectionStep = z.infer<typeof ConnectionStepSchema>

/** `POST /api/email/smtp-config/{id}/test`: SMTP login, IMAP login, and the Sent folder found. */
export const SmtpConfigTestResponseSchema = z.object({
  smtp: ConnectionStepSchema,
  imap: ConnectionStepSchema,
  sentFolder: z.object({
    status: z.enum(['found', 'not_found', 'not_configured', 'failed']),
    /** The mailbox the copy goes to, as the server names it. */
    path: z.string().nullable(),
    message: z.string(),
  }),
})
export type SmtpConfigTestResponse = z.infer<typeof SmtpConfigTestResponseSchema>

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
