/**
 * Billing tests' set-up: the local Stripe with our plans' prices and the `STRIPE_*` environment
 * (billing-stripe.ts), and Stripe's webhook deliveries, signed with the test secret by the stripe
 * package's own helper.
 */
import type { TestApp } from './test-app'
import type { LocalStripe } from './test-stripe'
import { TEST_WEBHOOK_SECRET } from './billing-stripe'

export { startBillingStripe } from './billing-stripe'

/** Delivers Stripe's new events to the app's webhook, signed; answers each response status. */
export async function deliverEvents(t: TestApp, stripe: LocalStripe, events = stripe.takeEvents()) {
  const statuses: number[] = []
  for (const event of events) statuses.push(await postEvent(t, stripe, event))
  return statuses
}

export async function postEvent(t: TestApp, stripe: LocalStripe, event: Record<string, unknown>) {
  const { payload, headers } = stripe.sign(event, TEST_WEBHOOK_SECRET)
  const res = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', payload, headers })
  return res.statusCode
}
