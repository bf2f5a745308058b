/**
 * /api/email: the caller's SMTP accounts (`/smtp-configs`, `/smtp-config/…`), sending documents
 * (`/send`) and the email log (`/log`); and `PUT /api/auth/smtp-config`. Every call is the signed-in
 * user's own: another user's account id answers 404. Sending also needs the legal gate, like the
 * documents routes. Rules: docs/product/email.md.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DOCUMENT_REQUEST_BODY_LIMIT_BYTES } from '@myodocs/shared/contracts/documents'
import {
  EmailLogQuerySchema,
  EmailLogResponseSchema,
  SendEmailFailureSchema,
  SendEmailRequestSchema,
  SendEmailResponseSchema,
  SmtpConfigCreateRequestSchema,
  SmtpConfigListResponseSchema,
  SmtpConfigResponseSchema,
  SmtpConfigTestResponseSchema,
  SmtpConfigUpdateRequestSchema,
} from '@myodocs/shared/contracts/email'
import { EMAIL_FAILURE_MESSAGES } from '@myodocs/shared/constants/email-messages'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { GatedRouteForbiddenSchema } from '@myodocs/shared/contracts/legal'
import { AppError } from '../../lib/errors'
import { legalGate } from '../../plugins/legal-gate'
import { signedInContext } from '../../plugins/service-context'
import { emailLogPage, sendEmail } from './send'
import {
  createSmtpConfiguration,
  deleteSmtpConfiguration,
  listSmtpConfigurations,
  makeDefaultSmtpConfiguration,
  saveDefaultSmtpConfiguration,
  testSmtpConfiguration,
  updateSmtpConfiguration,
} from './service'

const IdParamsSchema = z.object({ id: z.string().min(1).max(100) })
const failures = { 400: ApiFailureSchema, 401: ApiFailureSchema, 404: ApiFailureSchema }
const TAGS = ['email']
const csrf = [{ csrfToken: [] }]

export async function emailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)
  const { emailTest, emailSend } = app.config.rateLimits

  r.get(
    '/smtp-configs',
    {
      schema: {
        tags: TAGS,
        summary: 'Your SMTP accounts, oldest first (never a password).',
        response: { 200: successEnvelope(SmtpConfigListResponseSchema), 401: ApiFailureSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { configurations: await listSmtpConfigurations(signedInContext(req)) },
    }),
  )

  r.post(
    '/smtp-config',
    {
      schema: {
        tags: TAGS,
        summary:
          'Add an SMTP account (IMAP optional, for the Sent copy); your first becomes the default.',
        description:
          'IMAP username and password default to the SMTP ones. Passwords are stored encrypted ' +
          'and never returned. Nothing is contacted: use the test call.',
        security: csrf,
        body: SmtpConfigCreateRequestSchema,
        response: { 200: successEnvelope(SmtpConfigResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: { configuration: await createSmtpConfiguration(signedInContext(req), req.body) },
    }),
  )

  r.put(
    '/smtp-config/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change one of your SMTP accounts; a password left out keeps the stored one.',
        security: csrf,
        params: IdParamsSchema,
        body: SmtpConfigUpdateRequestSchema,
        response: { 200: successEnvelope(SmtpConfigResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        configuration: await updateSmtpConfiguration(signedInContext(req), req.params.id, req.body),
      },
    }),
  )

  r.delete(
    '/smtp-config/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove one of your SMTP accounts; answers the remaining ones.',
        description: 'Removing the default makes your oldest remaining account the default.',
        security: csrf,
        params: IdParamsSchema,
        response: { 200: successEnvelope(SmtpConfigListResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        configurations: await deleteSmtpConfiguration(signedInContext(req), req.params.id),
      },
    }),
  )

  r.put(
    '/smtp-config/:id/default',
    {
      schema: {
        tags: TAGS,
        summary: 'Make one of your SMTP accounts the default; answers all of them.',
        security: csrf,
        params: IdParamsSchema,
        response: { 200: successEnvelope(SmtpConfigListResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        configurations: await makeDefaultSmtpConfiguration(signedInContext(req), req.params.id),
      },
    }),
  )

  r.post(
    '/smtp-config/:id/test',
    {
      config: { rateLimit: { max: emailTest.max, timeWindow: emailTest.windowMs } },
      schema: {
        tags: TAGS,
        summary: 'Test an SMTP account: SMTP sign-in, IMAP sign-in and the Sent folder.',
        description:
          'Sends nothing. Each step answers connected, failed (with the failure class and what ' +
          'to fix) or not configured. Hosts that resolve to private or metadata addresses are ' +
          'refused before any connection (`host_refused`).',
        security: csrf,
        params: IdParamsSchema,
        response: {
          200: successEnvelope(SmtpConfigTestResponseSchema),
          ...failures,
          429: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await testSmtpConfiguration(signedInContext(req), req.params.id),
    }),
  )

  r.post(
    '/send',
    {
      preHandler: legalGate,
      bodyLimit: DOCUMENT_REQUEST_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: emailSend.max, timeWindow: emailSend.windowMs } },
      // A body over the limit (photos) is refused while it is read, with the too-large text.
      errorHandler: (error, req, reply) =>
        app.errorHandler(
          error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? new AppError('PAYLOAD_TOO_LARGE', EMAIL_FAILURE_MESSAGES.too_large, 413)
            : error,
          req,
          reply,
        ),
      schema: {
        tags: TAGS,
        summary:
          'Send documents from your own mailbox: render the PDFs and email them, one email per reader.',
        description:
          '`data` is the body of the matching `/api/documents/<kind>` call. Either one email ' +
          '(`documentTypes`, `to`, `cc`, `subject`, `message`) or `messages: [{to, cc?, ' +
          'documentTypes, subject, message}]`, one email per entry with its own To, documents, ' +
          'subject, Sent copy and email log row. Checks that need no PDF (the account, its host ' +
          'and port, its grant) run before any PDF renders; each PDF counts toward the month’s ' +
          'allowance once, and a message that fails before the provider accepted it gives its ' +
          'counts back. The same `idempotencyKey` never sends an accepted message twice: a ' +
          'repeat answers the first outcome (409 while it is still sending); a failed message is ' +
          'sent again. Each recipient is `accepted`, `refused` (with `reason`, a failure class) ' +
          'or `unconfirmed`. One email: `unknown` means the server may have taken it and it was ' +
          'not resent; a failure answers 502 `MAIL_DELIVERY_FAILED` with `failure`, a message ' +
          'over 3 MB 413. `messages`: 200 with `data.messages`, each `sent`, `unknown` or ' +
          '`failed` (with `failure` and `failureMessage`), in the request’s order.',
        security: csrf,
        body: SendEmailRequestSchema,
        response: {
          200: successEnvelope(SendEmailResponseSchema),
          400: ApiFailureSchema,
          401: ApiFailureSchema,
          403: GatedRouteForbiddenSchema,
          404: ApiFailureSchema,
          409: ApiFailureSchema,
          413: SendEmailFailureSchema,
          429: ApiFailureSchema,
          502: SendEmailFailureSchema,
          503: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await sendEmail(signedInContext(req), app.sendServices, req.body),
    }),
  )

  r.get(
    '/log',
    {
      schema: {
        tags: TAGS,
        summary: 'Your sends, newest first (cursor pagination).',
        querystring: EmailLogQuerySchema,
        response: { 200: successEnvelope(EmailLogResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await emailLogPage(signedInContext(req), req.query),
    }),
  )
}

/** `PUT /api/auth/smtp-config` (registered under /auth). */
export async function smtpConfigAuthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/smtp-config',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary:
          'Create or update your default SMTP account (same body and rules as /email/smtp-config).',
        description: 'Creating your first account needs the password.',
        security: csrf,
        body: SmtpConfigUpdateRequestSchema,
        response: { 200: successEnvelope(SmtpConfigResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: { configuration: await saveDefaultSmtpConfiguration(signedInContext(req), req.body) },
    }),
  )
}
