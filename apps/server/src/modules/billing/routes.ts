/**
 * /api/billing (packages/shared/src/api/billing.ts). Stripe's webhook is signed over the exact
 * bytes Stripe sent, so its body is kept raw (docs/decisions/021-billing.md).
 */
import type { FastifyInstance } from 'fastify'
import { billingCalls } from '@myodocs/shared/api/billing'
import { route } from '../../plugins/api-route'
import { createCheckout, createPortal, getBilling, setExtraSeats } from './service'
import { handleWebhook } from './webhook'

export async function billingRoutes(app: FastifyInstance) {
  await app.register(signedInBillingRoutes)
  await app.register(webhookRoute)
}

async function signedInBillingRoutes(app: FastifyInstance) {
  route(app, billingCalls.get, (ctx) => getBilling(ctx))
  route(app, billingCalls.checkout, (ctx, { body }) => createCheckout(ctx, body))
  route(app, billingCalls.portal, (ctx) => createPortal(ctx))
  route(app, billingCalls.seats, (ctx, { body }) => setExtraSeats(ctx, body.extra))
}

async function webhookRoute(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  )
  route(app, billingCalls.webhook, (ctx, { body, headers }) => {
    const raw = Buffer.isBuffer(body) ? body : Buffer.from('')
    return handleWebhook(ctx, raw, headers['stripe-signature'])
  })
}
