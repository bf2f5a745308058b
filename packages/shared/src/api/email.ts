/**
 * /api/email: the caller's SMTP accounts, sending documents from their own mailbox and the email
 * log; and `PUT /api/auth/smtp-config`. Every call is the signed-in user's own: another user's
 * account id answers 404. Rules: docs/product/email.md.
 */
import { z } from 'zod'
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
} from '../contracts/email'
import { GatedRouteForbiddenSchema } from '../contracts/legal'
import { apiCall } from './define'

const IdParamsSchema = z.object({ id: z.string().min(1).max(100) })
const failures = [400, 401, 404] as const
const tags = ['email']

/** The email calls (modules/email). */
export const emailCalls = {
  smtpConfigs: apiCall({
    method: 'GET',
    path: '/api/email/smtp-configs',
    access: 'signedIn',
    tags,
    summary: 'Your SMTP accounts, oldest first (never a password).',
    answer: SmtpConfigListResponseSchema,
    failures: [401],
  }),
  createSmtpConfig: apiCall({
    method: 'POST',
    path: '/api/email/smtp-config',
    access: 'signedIn',
    tags,
    summary:
      'Add an SMTP account (IMAP optional, for the Sent copy); your first becomes the default.',
    description:
      'IMAP username and password default to the SMTP ones. Passwords are stored encrypted ' +
      'and never returned. Nothing is contacted: use the test call.',
    body: SmtpConfigCreateRequestSchema,
    answer: SmtpConfigResponseSchema,
    failures,
  }),
  updateSmtpConfig: apiCall({
    method: 'PUT',
    path: '/api/email/smtp-config/:id',
    access: 'signedIn',
    tags,
    summary: 'Change one of your SMTP accounts; a password left out keeps the stored one.',
    params: IdParamsSchema,
    body: SmtpConfigUpdateRequestSchema,
    answer: SmtpConfigResponseSchema,
    failures,
  }),
  deleteSmtpConfig: apiCall({
    method: 'DELETE',
    path: '/api/email/smtp-config/:id',
    access: 'signedIn',
    tags,
    summary: 'Remove one of your SMTP accounts; answers the remaining ones.',
    description: 'Removing the default makes your oldest remaining account the default.',
    params: IdParamsSchema,
    answer: SmtpConfigListResponseSchema,
    failures,
  }),
  makeDefaultSmtpConfig: apiCall({
    method: 'PUT',
    path: '/api/email/smtp-config/:id/default',
    access: 'signedIn',
    tags,
    summary: 'Make one of your SMTP accounts the default; answers all of them.',
    params: IdParamsSchema,
    answer: SmtpConfigListResponseSchema,
    failures,
  }),
  testSmtpConfig: apiCall({
    method: 'POST',
    path: '/api/email/smtp-config/:id/test',
    access: 'signedIn',
    rateLimit: 'emailTest',
    tags,
    summary: 'Test an SMTP account: SMTP sign-in, IMAP sign-in and the Sent folder.',
    description:
      'Sends nothing. Each step answers connected, failed (with the failure class and what ' +
      'to fix) or not configured. Hosts that resolve to private or metadata addresses are ' +
      'refused before any connection (`host_refused`).',
    params: IdParamsSchema,
    answer: SmtpConfigTestResponseSchema,
    failures: [...failures, 429],
  }),
  send: apiCall({
    method: 'POST',
    path: '/api/email/send',
    access: 'signedIn',
    rateLimit: 'emailSend',
    tags,
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
    body: SendEmailRequestSchema,
    answer: SendEmailResponseSchema,
    failures: [400, 401, 403, 404, 409, 413, 429, 502, 503],
    failureAnswers: {
      403: GatedRouteForbiddenSchema,
      413: SendEmailFailureSchema,
      502: SendEmailFailureSchema,
    },
  }),
  log: apiCall({
    method: 'GET',
    path: '/api/email/log',
    access: 'signedIn',
    tags,
    summary: 'Your sends, newest first (cursor pagination).',
    query: EmailLogQuerySchema,
    answer: EmailLogResponseSchema,
    failures,
  }),
  saveDefaultSmtpConfig: apiCall({
    method: 'PUT',
    path: '/api/auth/smtp-config',
    access: 'signedIn',
    tags,
    summary:
      'Create or update your default SMTP account (same body and rules as /email/smtp-config).',
    description: 'Creating your first account needs the password.',
    body: SmtpConfigUpdateRequestSchema,
    answer: SmtpConfigResponseSchema,
    failures,
  }),
}
