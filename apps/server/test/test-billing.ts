/**
 * Billing tests' set-up: the local Stripe (test-stripe.ts) with our plans' prices created through
 * the stripe package itself, the `STRIPE_*` environment that points the app at it, and Stripe's
 * webhook deliveries, signed with the test secret by the stripe package's own helper.
 */
import Stripe from 'stripe'
import { PLANS, PLAN_TYPES } from '@myodocs/shared/constants/plans'
import type { TestApp } from './test-app'
import { startLocalStripe } from './test-stripe'
import type { LocalStripe } from './test-stripe'

export const TEST_WEBHOOK_SECRET = 'whsec_test_0123456789abcdef'

/** A local Stripe with every plan and seat price, and the environment naming them. */
export async function startBillingStripe(now: () => Date) {
  const stripe = await startLocalStripe(now)
  const url = new URL(stripe.url)
  const client = new Stripe(stripe.state.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  })
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: stripe.state.secretKey,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  }
  const price = async (nickname: string, dollars: number, interval: 'month' | 'year') =>
    (
      await client.prices.create({
        currency: 'usd',
        unit_amount: dollars * 100,
        nickname,
        recurring: { interval },
        product_data: { name: nickname },
      })
    ).id
  for (const plan of PLAN_TYPES) {
    const p = PLANS[plan]
    const key = plan.toUpperCase()
    env[`STRIPE_PRICE_${key}_MONTHLY`] = await price(`${p.name} monthly`, p.monthlyPrice, 'month')
    env[`STRIPE_PRICE_${key}_ANNUAL`] = await price(`${p.name} annual`, p.yearlyPrice, 'year')
    if (p.additionalTeamMemberPrice) {
      const seat = p.additionalTeamMemberPrice
      env[`STRIPE_PRICE_SEAT_${key}`] = await price(`${p.name} seat`, seat, 'month')
      env[`STRIPE_PRICE_SEAT_${key}_ANNUAL`] = await price(
        `${p.name} seat annual`,
        seat * 12,
        'year',
      )
    }
  }
  return { stripe, env }
}

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
