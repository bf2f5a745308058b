/**
 * The SMTP account calls (`/api/email/smtp-configs`, `/api/email/smtp-config/…`,
 * `PUT /api/auth/smtp-config`): a therapist's own mail server, with IMAP for the Sent copy.
 * contracts/email.ts re-exports all of it.
 */
import { z } from 'zod'
import { text } from './text'
import { EMAIL_FAILURE_CLASSES, MAIL_HOST_INVALID } from '../constants/email-messages'
import { isRequired, tooLong } from '../constants/document-messages'
import { MAIL_ADDRESS_MAX_LENGTH, MailAddressSchema, hasNoControlCharacters } from './mail-address'

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
