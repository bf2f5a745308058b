/**
 * Billing through Stripe, end to end on the API (docs/product/plans.md#billing): a trial
 * subscribes through Checkout, Stripe's signed webhooks make it active, and GET /api/billing shows
 * what Stripe says; forged, repeated and late events change nothing they should not. Against the
 * local Stripe (test/test-stripe.ts) on the app's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, signIn } from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import { deliverEvents, postEvent, startBillingStripe } from '../../../test/test-billing'
import type { LocalStripe } from '../../../test/test-stripe'
import type { Billing } from '@myodocs/shared/contracts/billing'

const DAY = 86_400_000
const clock = fakeClock(new Date('2026-03-02T10:00:00Z'))
let t: TestApp
let stripe: LocalStripe

beforeAll(async () => {
  const local = await startBillingStripe(clock.now)
  stripe = local.stripe
  t = await createTestApp({ now: clock.now, env: local.env })
})
afterAll(async () => {
  await t?.close()
  await stripe?.close()
})

async function practice(): Promise<{ owner: TestAccount; agent: TestAgent }> {
  const owner = await insertAccount(t.app.db, { now: clock.now() })
  const agent = await signedIn(owner)
  await acceptAllLegal(agent)
  return { owner, agent }
}

/** A fresh sign-in (after the clock moved past a session's lifetime). */
async function signedIn(account: TestAccount) {
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  return agent
}

/** The owner subscribes: Checkout is created by the app, paid on the local Stripe, webhooks delivered. */
async function subscribe(
  agent: TestAgent,
  planType = 'professional',
  billingFrequency = 'monthly',
) {
  const res = await agent.post('/api/billing/checkout', { planType, billingFrequency })
  expect(res.statusCode, res.body).toBe(200)
  const url = res.json<{ data: { url: string } }>().data.url
  expect(url.startsWith(`${stripe.url}/checkout/`)).toBe(true)
  stripe.state.completeCheckout(url.split('/').pop()!)
  expect(await deliverEvents(t, stripe)).toEqual(expect.arrayContaining([200]))
}

const billing = async (agent: TestAgent) => {
  const res = await agent.get('/api/billing')
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: Billing }>().data
}

describe('trial → Checkout → active', () => {
  it('a trial subscribes through Stripe Checkout and the webhook makes it paid', async () => {
    const { owner, agent } = await practice()
    const before = await billing(agent)
    expect(before).toMatchObject({
      paymentsConfigured: true,
      status: 'trial',
      card: null,
      invoices: [],
      subscribed: false,
      canReactivate: false,
    })

    await subscribe(agent)
    const after = await billing(agent)
    // Days left of the trial carry into the subscription: nothing is charged before it ends.
    expect(after).toMatchObject({
      planType: 'professional',
      billingFrequency: 'monthly',
      status: 'trial',
      cancelAtPeriodEnd: false,
      card: { brand: 'visa', last4: '4242' },
      seats: { included: 3, extra: 0, used: 1 },
      hasCustomer: true,
      subscribed: true,
      canReactivate: false,
    })
    expect(after.invoices).toEqual([expect.objectContaining({ amountCents: 0, status: 'paid' })])
    expect(after.nextCharge).toEqual({ amountCents: 7900, date: after.currentPeriodEnd })
    const customer = stripe.state.all('cus')[0]!
    expect(customer.metadata).toEqual({ businessId: owner.businessId })

    // The trial ends: Stripe renews and charges $79; the practice is active.
    clock.advance(31 * DAY)
    stripe.state.advance()
    await deliverEvents(t, stripe)
    const later = await signedIn(owner)
    const paid = await billing(later)
    expect(paid.status).toBe('active')
    expect(paid.invoices[0]).toMatchObject({ amountCents: 7900, status: 'paid' })
    const sub = await later.get('/api/subscription')
    expect(sub.json()).toMatchObject({ data: { status: 'active', canGeneratePdf: true } })
  })

  it('a second Checkout while subscribed is refused', async () => {
    const { agent } = await practice()
    await subscribe(agent, 'essential')
    const again = await agent.post('/api/billing/checkout', {
      planType: 'premium',
      billingFrequency: 'monthly',
    })
    expect(again.statusCode).toBe(409)
  })

  it('a member can neither read billing nor start a Checkout', async () => {
    const { owner } = await practice()
    const { insertMember } = await import('../../../test/factories')
    const member = await insertMember(t.app.db, owner.businessId)
    const agent = t.agent()
    await agent.csrf()
    await signIn(agent, member.email)
    expect((await agent.get('/api/billing')).statusCode).toBe(403)
    const res = await agent.post('/api/billing/checkout', {
      planType: 'premium',
      billingFrequency: 'monthly',
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('the webhook', () => {
  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { agent } = await practice()
    const res = await agent.post('/api/billing/checkout', {
      planType: 'premium',
      billingFrequency: 'monthly',
    })
    stripe.state.completeCheckout(res.json<{ data: { url: string } }>().data.url.split('/').pop()!)
    const events = stripe.takeEvents()
    const forged = stripe.sign(events[0]!, 'whsec_not_the_secret')
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: forged.payload,
      headers: forged.headers,
    })
    expect(bad.statusCode).toBe(400)
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: forged.payload,
      headers: { 'content-type': 'application/json' },
    })
    expect(none.statusCode).toBe(400)
    expect((await billing(agent)).card).toBeNull()
    // The genuine deliveries still apply.
    await deliverEvents(t, stripe, events)
    expect((await billing(agent)).planType).toBe('premium')
  })

  it('is idempotent by event id and safe when events arrive late', async () => {
    const { owner, agent } = await practice()
    await subscribe(agent, 'essential')
    const sub = stripe.state.all('sub').at(-1)!
    // Renewal fails, then the card is fixed: past_due, then active again.
    clock.advance(40 * DAY)
    stripe.state.declineCard(String(sub.customer))
    stripe.state.advance()
    const failed = stripe.takeEvents()
    stripe.state.fixCard(String(sub.customer))
    const fixed = stripe.takeEvents()
    // Delivered newest first, then the old ones again: the latest state wins.
    await deliverEvents(t, stripe, fixed)
    await deliverEvents(t, stripe, failed)
    expect((await billing(await signedIn(owner))).status).toBe('active')
    // The same event twice is acknowledged and skipped.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      ...(() => {
        const s = stripe.sign(fixed[0]!, 'whsec_test_0123456789abcdef')
        return { payload: s.payload, headers: s.headers }
      })(),
    })
    expect(replay.json()).toEqual({ received: true, duplicate: true })
    expect(await postEvent(t, stripe, fixed[0]!)).toBe(200)
  })
})
