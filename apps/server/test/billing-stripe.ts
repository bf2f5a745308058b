/**
 * The local Stripe with our plans' prices (test-stripe.ts), created through the stripe package
 * itself, and the `STRIPE_*` environment that points the app at it. Apart from test-billing.ts so
 * the end-to-end tests can start it without the in-process app's types.
 */
import Stripe from 'stripe'
import { PLANS, PLAN_TYPES } from '@myodocs/shared/constants/plans'
import { startLocalStripe } from './test-stripe'

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
