/**
 * The plan rules with Stripe (docs/product/plans.md#plan-changes): upgrades now with Stripe's
 * proration, monthly → annual, downgrades refused while the team does not fit and taken at the
 * period's end (invitations beyond the seats revoked), extra seats, a failed payment's grace, and
 * cancellation at the period's end with 30 days of read-only access. Against the local Stripe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REACTIVATE_BEFORE_CHANGE, SEATS_STILL_USED } from '@myodocs/shared/contracts/billing'
import type { Billing } from '@myodocs/shared/contracts/billing'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import {
  acceptAllLegal,
  insertAccount,
  insertMember,
  signIn,
  uniqueEmail,
} from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import { deliverEvents, startBillingStripe } from '../../../test/test-billing'
import { mailedInvitationLink } from '../../../test/mailed-links'
import type { LocalStripe } from '../../../test/test-stripe'

const DAY = 86_400_000
const clock = fakeClock(new Date('2026-05-04T09:00:00Z'))
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

async function signedIn(account: TestAccount) {
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  return agent
}

/** A practice whose trial is over, subscribed (and charged) through Checkout. */
const BUSINESS = 'Bright Smiles Myo'

async function paying(planType: string, billingFrequency = 'monthly') {
  const owner = await insertAccount(t.app.db, {
    businessName: BUSINESS,
    now: new Date(clock.now().getTime() - 40 * DAY),
  })
  const agent = await signedIn(owner)
  await acceptAllLegal(agent)
  const res = await agent.post('/api/billing/checkout', { planType, billingFrequency })
  expect(res.statusCode, res.body).toBe(200)
  stripe.state.completeCheckout(res.json<{ data: { url: string } }>().data.url.split('/').pop()!)
  await deliverEvents(t, stripe)
  return { owner, agent }
}

const billing = async (agent: TestAgent) => {
  const res = await agent.get('/api/billing')
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: Billing }>().data
}
const quote = (agent: TestAgent, planType: string, billingFrequency = 'monthly') =>
  agent.get(
    `/api/subscription/change-plan/quote?planType=${planType}&billingFrequency=${billingFrequency}`,
  )
const change = (agent: TestAgent, planType: string, billingFrequency = 'monthly') =>
  agent.post('/api/subscription/change-plan', { planType, billingFrequency })

/** Time passes for both the app and Stripe; Stripe's events are delivered. */
async function pass(days: number) {
  clock.advance(days * DAY)
  stripe.state.advance()
  await deliverEvents(t, stripe)
}

describe('upgrades', () => {
  it('Essential → Professional halfway through: Stripe’s prorated amount, previewed then charged', async () => {
    const { owner, agent: first } = await paying('essential')
    expect((await billing(first)).invoices[0]).toMatchObject({ amountCents: 4900, status: 'paid' })
    clock.advance(15 * DAY)
    const agent = await signedIn(owner)
    const q = await quote(agent, 'professional')
    expect(q.statusCode, q.body).toBe(200)
    const preview = q.json<{ data: { proratedAmountCents: number; takesEffect: string } }>().data
    expect(preview.takesEffect).toBe('now')
    // ($79 − $49) for the unused share of the month; never the full price.
    expect(preview.proratedAmountCents).toBeGreaterThan(1000)
    expect(preview.proratedAmountCents).toBeLessThan(3000)
    const res = await change(agent, 'professional')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.proratedAmountCents).toBe(preview.proratedAmountCents)
    await deliverEvents(t, stripe)
    const after = await billing(agent)
    expect(after.planType).toBe('professional')
    expect(after.invoices[0]).toMatchObject({
      amountCents: preview.proratedAmountCents,
      status: 'paid',
    })
    const sub = await agent.get('/api/subscription')
    expect(sub.json().data).toMatchObject({ planType: 'professional', monthlyPdfLimit: 250 })
  })

  it('monthly → annual the same day: the year’s price less the unused month', async () => {
    const { agent } = await paying('premium')
    const q = await quote(agent, 'premium', 'annually')
    const amount = q.json<{ data: { proratedAmountCents: number } }>().data.proratedAmountCents
    expect(amount).toBe(129_000 - 12_900)
    expect((await change(agent, 'premium', 'annually')).statusCode).toBe(200)
    await deliverEvents(t, stripe)
    const after = await billing(agent)
    expect(after.billingFrequency).toBe('annually')
    // Both invoices bear the same second: the year's is among them.
    expect(after.invoices.map((i) => i.amountCents)).toEqual(
      expect.arrayContaining([12_900, amount]),
    )
    expect(new Date(after.currentPeriodEnd!).getTime() - clock.now().getTime()).toBeGreaterThan(
      360 * DAY,
    )
  })
})

describe('downgrades', () => {
  it('refused while the team does not fit, then taken at the period’s end; invitations revoked', async () => {
    const { owner, agent } = await paying('premium')
    const member = await insertMember(t.app.db, owner.businessId)
    const refused = await change(agent, 'essential')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      message: expect.stringMatching(/Essential includes 1 seat, and 2 are in use/),
      changes: [expect.stringMatching(/Free 1 seat/), expect.any(String)],
    })
    // Premium → Professional fits (2 of 3): scheduled for the period's end, nothing charged.
    const q = await quote(agent, 'professional')
    expect(q.json().data).toMatchObject({ takesEffect: 'period_end', proratedAmountCents: 0 })
    expect((await change(agent, 'professional')).statusCode).toBe(200)
    let b = await billing(agent)
    expect(b.planType).toBe('premium')
    expect(b.scheduledChange).toMatchObject({ planType: 'professional', date: b.currentPeriodEnd })
    // While it waits, invitations stop at the coming plan's 3 seats.
    const invite = (email: string) =>
      agent.post('/api/team/invite', { email, firstName: 'Jordan', lastName: 'Park' })
    expect((await invite(uniqueEmail('a'))).statusCode).toBe(200)
    expect((await invite(uniqueEmail('b'))).statusCode).toBe(403)
    // The member leaves; at the period's end Stripe switches the price and charges $79.
    await agent.delete(`/api/team/${member.id}`)
    await pass(31)
    const later = await signedIn(owner)
    b = await billing(later)
    expect(b).toMatchObject({ planType: 'professional', status: 'active', scheduledChange: null })
    expect(b.invoices[0]).toMatchObject({ amountCents: 7900, status: 'paid' })
  })

  it('revokes the pending invitations beyond the seats when fewer are paid for', async () => {
    const { owner, agent } = await paying('professional')
    const sent = t.smtp.messages.length
    for (const email of [uniqueEmail('c'), uniqueEmail('d')])
      expect(
        (await agent.post('/api/team/invite', { email, firstName: 'Jo', lastName: 'Park' }))
          .statusCode,
      ).toBe(200)
    expect(t.smtp.messages.length).toBe(sent + 2)
    // The plan is lowered in Stripe's dashboard: Essential, one seat.
    const sub = stripe.state.all('sub').at(-1)!
    const item = (sub.items as { data: Array<{ id: string }> }).data[0]!
    stripe.state.updateSubscription(String(sub.id), {
      items: [{ id: item.id, price: t.config.stripe!.prices.essential.monthly }],
      proration_behavior: 'none',
    })
    await deliverEvents(t, stripe)
    const team = await agent.get('/api/team')
    expect(team.json().data.invitations).toEqual([])
    expect((await billing(agent)).seats).toEqual({ included: 1, extra: 0, used: 1 })
    void owner
  })
})

describe('extra seats', () => {
  it('a full Professional team buys a seat (prorated now) and uses it; fewer refused while used', async () => {
    const { owner, agent } = await paying('professional')
    await insertMember(t.app.db, owner.businessId)
    await insertMember(t.app.db, owner.businessId)
    const invite = () =>
      agent.post('/api/team/invite', { email: uniqueEmail('e'), firstName: 'Jo', lastName: 'Park' })
    const full = await invite()
    expect(full.statusCode).toBe(403)
    expect(full.json().message).toMatch(/Add a seat \(\$30\/month\)/)
    const bought = await agent.post('/api/billing/seats', { extra: 1 })
    expect(bought.statusCode, bought.body).toBe(200)
    expect(bought.json().data.seats).toEqual({ included: 3, extra: 1, used: 3 })
    await deliverEvents(t, stripe)
    // $30 for the rest of this month (the whole month: bought on its first day).
    expect((await billing(agent)).invoices).toContainEqual(
      expect.objectContaining({ amountCents: 3000, status: 'paid' }),
    )
    const invited = await invite()
    expect(invited.statusCode).toBe(200)
    const fewer = await agent.post('/api/billing/seats', { extra: 0 })
    expect(fewer.statusCode).toBe(409)
    expect(fewer.json().message).toBe(SEATS_STILL_USED(4, 3))
    // The invitation deleted, the seat is free again and given back (credited next invoice).
    const team = (await agent.get('/api/team')).json<{
      data: { invitations: { id: string }[] }
    }>()
    const gone = await agent.delete(`/api/team/invite/${team.data.invitations[0]!.id}`)
    expect(gone.statusCode, gone.body).toBe(200)
    const removed = await agent.post('/api/billing/seats', { extra: 0 })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().data.seats).toEqual({ included: 3, extra: 0, used: 3 })
  })

  it('an invitation with no seat left for it is refused when opened, saying whom to ask', async () => {
    const { owner, agent } = await paying('professional')
    const email = uniqueEmail('late')
    const sent = await agent.post('/api/team/invite', { email, firstName: 'Jo', lastName: 'Park' })
    expect(sent.statusCode, sent.body).toBe(200)
    const { token } = await mailedInvitationLink(t.smtp, email)
    expect((await t.agent().get(`/api/invite/${token}`)).statusCode).toBe(200)
    // Two members join outside this invitation (an operator's restore): 4 in use of 3 seats.
    await insertMember(t.app.db, owner.businessId)
    await insertMember(t.app.db, owner.businessId)
    const opened = await t.agent().get(`/api/invite/${token}`)
    expect(opened.statusCode).toBe(409)
    expect(opened.json().message).toBe(
      'This practice has no free seat; ask Dana Reyes to make room.',
    )
  })
})

describe('a failed payment', () => {
  it('past_due keeps documents 7 days with the grace date; the card fixed makes it active', async () => {
    const { owner, agent } = await paying('essential')
    const sub = stripe.state.all('sub').at(-1)!
    stripe.state.declineCard(String(sub.customer))
    await pass(31)
    let a = await signedIn(owner)
    let b = await billing(a)
    expect(b.status).toBe('past_due')
    expect(b.invoices[0]).toMatchObject({ amountCents: 4900, status: 'open' })
    expect(new Date(b.graceEndsAt!).getTime() - clock.now().getTime()).toBeLessThanOrEqual(7 * DAY)
    expect((await a.get('/api/subscription')).json().data.canGeneratePdf).toBe(true)
    clock.advance(8 * DAY)
    a = await signedIn(owner)
    expect((await a.get('/api/subscription')).json().data).toMatchObject({
      canGeneratePdf: false,
      pdfBlockedReason: 'TRIAL_EXPIRED',
    })
    stripe.state.fixCard(String(sub.customer))
    await deliverEvents(t, stripe)
    b = await billing(a)
    expect(b).toMatchObject({ status: 'active', graceEndsAt: null, card: { last4: '4242' } })
    expect((await a.get('/api/subscription')).json().data.canGeneratePdf).toBe(true)
    void agent
  })
})

describe('cancellation', () => {
  it('documents until the period ends, 30 days read-only, then expired; reactivation resumes', async () => {
    const { owner, agent } = await paying('professional', 'annually')
    const name = BUSINESS
    const res = await agent.post('/api/subscription/cancel', { confirmBusinessName: name })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'active', canGeneratePdf: true })
    expect(await billing(agent)).toMatchObject({
      cancelAtPeriodEnd: true,
      subscribed: true,
      canReactivate: true,
    })
    // A change that would start after the end has no period to start in: reactivate first.
    for (const refused of [
      await quote(agent, 'essential', 'annually'),
      await change(agent, 'professional', 'monthly'),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409)
      expect(refused.json().message).toBe(REACTIVATE_BEFORE_CHANGE)
    }
    expect((await billing(agent)).scheduledChange).toBeNull()
    // Reactivating before the period ends resumes the same subscription.
    const back = await agent.post('/api/subscription/reactivate', {})
    expect(back.statusCode, back.body).toBe(200)
    expect((await billing(agent)).cancelAtPeriodEnd).toBe(false)
    expect(
      stripe.state
        .all('sub')
        .filter((s) => s.customer === stripe.state.all('sub').at(-1)!.customer),
    ).toHaveLength(1)
    await agent.post('/api/subscription/cancel', { confirmBusinessName: name })
    // Months later, still inside the paid year: documents work.
    clock.advance(200 * DAY)
    let a = await signedIn(owner)
    expect((await a.get('/api/subscription')).json().data.canGeneratePdf).toBe(true)
    await pass(170)
    a = await signedIn(owner)
    expect((await a.get('/api/subscription')).json().data).toMatchObject({
      status: 'cancelled',
      canGeneratePdf: false,
    })
    // Read-only now: the ended subscription cannot be resumed, only subscribed to again.
    expect(await billing(a)).toMatchObject({ subscribed: false, canReactivate: false })
    clock.advance(31 * DAY)
    a = await signedIn(owner)
    expect((await a.get('/api/subscription')).json().data.status).toBe('expired')
  })
})
