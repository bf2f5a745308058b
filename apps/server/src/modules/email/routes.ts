/**
 * /api/email and `PUT /api/auth/smtp-config` (packages/shared/src/api/email.ts;
 * docs/product/email.md): the caller's SMTP accounts, sending documents and the email log.
 * Sending also needs the legal gate, like the documents routes.
 */
import type { FastifyInstance } from 'fastify'
import { emailCalls as calls } from '@myodocs/shared/api/email'
import { EMAIL_FAILURE_MESSAGES } from '@myodocs/shared/constants/email-messages'
import { DOCUMENT_REQUEST_BODY_LIMIT_BYTES } from '@myodocs/shared/contracts/documents'
import { AppError } from '../../lib/errors'
import { route } from '../../plugins/api-route'
import { legalGate } from '../../plugins/legal-gate'
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

export async function emailRoutes(app: FastifyInstance) {
  route(app, calls.smtpConfigs, async (ctx) => ({
    configurations: await listSmtpConfigurations(ctx),
  }))
  route(app, calls.createSmtpConfig, async (ctx, { body }) => ({
    configuration: await createSmtpConfiguration(ctx, body),
  }))
  route(app, calls.updateSmtpConfig, async (ctx, { params, body }) => ({
    configuration: await updateSmtpConfiguration(ctx, params.id, body),
  }))
  route(app, calls.deleteSmtpConfig, async (ctx, { params }) => ({
    configurations: await deleteSmtpConfiguration(ctx, params.id),
  }))
  route(app, calls.makeDefaultSmtpConfig, async (ctx, { params }) => ({
    configurations: await makeDefaultSmtpConfiguration(ctx, params.id),
  }))
  route(app, calls.testSmtpConfig, (ctx, { params }) => testSmtpConfiguration(ctx, params.id))

  route(app, calls.send, (ctx, { body }) => sendEmail(ctx, app.sendServices, body), {
    preHandler: [legalGate],
    bodyLimit: DOCUMENT_REQUEST_BODY_LIMIT_BYTES,
    // A body over the limit (photos) is refused while it is read, with the too-large text.
    errorHandler: (error, req, reply) =>
      app.errorHandler(
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? new AppError('PAYLOAD_TOO_LARGE', EMAIL_FAILURE_MESSAGES.too_large, 413)
          : error,
        req,
        reply,
      ),
  })

  route(app, calls.log, (ctx, { query }) => emailLogPage(ctx, query))
}

/** `PUT /api/auth/smtp-config` (registered under /auth). */
export async function smtpConfigAuthRoutes(app: FastifyInstance) {
  route(app, calls.saveDefaultSmtpConfig, async (ctx, { body }) => ({
    configuration: await saveDefaultSmtpConfiguration(ctx, body),
  }))
}
