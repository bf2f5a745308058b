/**
 * /api/billing: Stripe Checkout and the customer portal, what Settings › Plan & Billing shows,
 * extra seats, and Stripe's webhook, signed by Stripe and so carrying no session and no CSRF
 * token (docs/decisions/021-billing.md).
 */
import { z } from 'zod'
import { optionalBody } from '../contracts/auth'
import {
  BillingRedirectSchema,
  BillingSchema,
  CheckoutRequestSchema,
  SeatsRequestSchema,
} from '../contracts/billing'
import { apiCall } from './define'

const tags = ['billing']
const failures = [400, 401, 403, 404, 409, 502, 503] as const

/** The billing calls. */
export const billingCalls = {
  get: apiCall({
    method: 'GET',
    path: '/api/billing',
    access: 'signedIn',
    tags,
    summary: 'The plan as paid for: status, period, seats, card, invoices (account holder).',
    description:
      'Amounts are US cents from Stripe. `paymentsConfigured` is false when the server has ' +
      'no Stripe keys (Settings says payments are not set up).',
    answer: BillingSchema,
    failures,
  }),
  checkout: apiCall({
    method: 'POST',
    path: '/api/billing/checkout',
    access: 'signedIn',
    tags,
    summary: 'A Stripe Checkout page to subscribe to a plan (account holder).',
    description:
      'The card is entered on Stripe’s page. Days left of the free trial carry over. 409 ' +
      'when a subscription is already running; 503 when payments are not set up.',
    body: CheckoutRequestSchema,
    answer: BillingRedirectSchema,
    failures,
  }),
  portal: apiCall({
    method: 'POST',
    path: '/api/billing/portal',
    access: 'signedIn',
    tags,
    summary: 'Stripe’s customer portal: cards, invoices, receipts (account holder).',
    body: optionalBody(z.object({})),
    answer: BillingRedirectSchema,
    failures,
  }),
  seats: apiCall({
    method: 'POST',
    path: '/api/billing/seats',
    access: 'signedIn',
    tags,
    summary: 'Extra seats beyond the plan’s own, as the subscription’s seat quantity.',
    description:
      'More seats are invoiced now, prorated by Stripe; fewer are credited on the next ' +
      'invoice and refused (409) while members and pending invitations would not fit.',
    body: SeatsRequestSchema,
    answer: BillingSchema,
    failures,
  }),
  webhook: apiCall({
    method: 'POST',
    path: '/api/billing/webhook',
    access: 'public',
    csrfExempt: true,
    tags,
    summary: 'Stripe’s events (signed with the webhook secret; no session, no CSRF token).',
    description:
      'Verified against the `Stripe-Signature` header on the raw body: 400 when it does not ' +
      'match. Idempotent by event id; the subscription is read again from Stripe, so events ' +
      'arriving twice or out of order leave the latest state.',
    headers: z.object({ 'stripe-signature': z.string().optional() }),
    answer: z.object({ received: z.literal(true), duplicate: z.boolean() }),
    bare: true,
    failures: [400, 502, 503],
  }),
}
