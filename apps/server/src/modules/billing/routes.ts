/**
 * /api/billing: Stripe Checkout and the customer portal, what Settings › Plan & Billing shows,
 * extra seats (the account holder's), and Stripe's webhook — signed by Stripe, so it carries no
 * session and no CSRF token (docs/decisions/021-billing.md).
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { optionalBody } from '@myodocs/shared/contracts/auth'
import {
  BillingRedirectSchema,
  BillingSchema,
  CheckoutRequestSchema,
  SeatsRequestSchema,
} from '@myodocs/shared/contracts/billing'
import { serviceContext, signedInContext } from '../../plugins/service-context'
import { createCheckout, createPortal, getBilling, setExtraSeats } from './service'
import { handleWebhook } from './webhook'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  404: ApiFailureSchema,
  409: ApiFailureSchema,
  502: ApiFailureSchema,
  503: ApiFailureSchema,
}

export async function billingRoutes(app: FastifyInstance) {
  await app.register(signedInBillingRoutes)
  await app.register(webhookRoute)
}

async function signedInBillingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  r.get(
    '/',
    {
      schema: {
        tags: ['billing'],
        summary: 'The plan as paid for: status, period, seats, card, invoices (account holder).',
        description:
          'Amounts are US cents from Stripe. `paymentsConfigured` is false when the server has ' +
          'no Stripe keys (Settings says payments are not set up).',
        response: { 200: successEnvelope(BillingSchema), ...failures },
      },
    },
    async (req) => ({ success: true as const, data: await getBilling(signedInContext(req)) }),
  )

  r.post(
    '/checkout',
    {
      schema: {
        tags: ['billing'],
        summary: 'A Stripe Checkout page to subscribe to a plan (account holder).',
        description:
          'The card is entered on Stripe’s page. Days left of the free trial carry over. 409 ' +
          'when a subscription is already running; 503 when payments are not set up.',
        security: [{ csrfToken: [] }],
        body: CheckoutRequestSchema,
        response: { 200: successEnvelope(BillingRedirectSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await createCheckout(signedInContext(req), req.body),
    }),
  )

  r.post(
    '/portal',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe’s customer portal: cards, invoices, receipts (account holder).',
        security: [{ csrfToken: [] }],
        body: optionalBody(z.object({})),
        response: { 200: successEnvelope(BillingRedirectSchema), ...failures },
      },
    },
    async (req) => ({ success: true as const, data: await createPortal(signedInContext(req)) }),
  )

  r.post(
    '/seats',
    {
      schema: {
        tags: ['billing'],
        summary: 'Extra seats beyond the plan’s own, as the subscription’s seat quantity.',
        description:
          'More seats are invoiced now, prorated by Stripe; fewer are credited on the next ' +
          'invoice and refused (409) while members and pending invitations would not fit.',
        security: [{ csrfToken: [] }],
        body: SeatsRequestSchema,
        response: { 200: successEnvelope(BillingSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await setExtraSeats(signedInContext(req), req.body.extra),
    }),
  )
}

/** Stripe signs the exact bytes it sent: the body is kept raw for the signature check. */
async function webhookRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  )
  r.post(
    '/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe’s events (signed with the webhook secret; no session, no CSRF token).',
        description:
          'Verified against the `Stripe-Signature` header on the raw body: 400 when it does not ' +
          'match. Idempotent by event id; the subscription is read again from Stripe, so events ' +
          'arriving twice or out of order leave the latest state.',
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: ApiFailureSchema,
          502: ApiFailureSchema,
          503: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('')
      return handleWebhook(serviceContext(req), raw, req.headers['stripe-signature'])
    },
  )
}
