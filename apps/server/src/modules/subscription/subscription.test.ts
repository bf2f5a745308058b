/**
 * GET /api/subscription and plan changes: trial days, usage
 * and its monthly reset, the trial-expired and usage-limit answers, plan changes with proration,
 * cancellation's 30 days, reactivation, and the primary-user rule, all without Stripe; in
 * production without Stripe, the refusal of plan changes (docs/product/plans.md#plan-changes). A
 * fake clock drives time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { PAYMENTS_NOT_CONFIGURED } from '@myodocs/shared/contracts/billing'
import { businessSubscriptions, subscriptionChanges } from '../../db/schema'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, insertMember, setPlan, signIn } from '../../../test/factories'

const DAY = 86_400_000
const clock = fakeClock(new Date('2026-03-10T12:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

async function owner(plan: 'essential' | 'professional' | 'premium' = 'essential') {
  const account = await insertAccount(t.database.db, {
    businessName: 'Bright Smiles Myo',
    now: clock.now(),
  })
  await setPlan(t.database.db, account.businessId, plan)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

const sub = (businessId: string, values: Partial<typeof businessSubscriptions.$inferInsert>) =>
  t.database.db
    .update(businessSubscriptions)
    .set(values)
    .where(eq(businessSubscriptions.businessId, businessId))

describe('GET /api/subscription', () => {
  it('answers a new trial: 30 days, no PDFs yet, the plan limit', async () => {
    const { agent } = await owner('essential')
    const res = await agent.get('/api/subscription')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      status: 'trial',
      planType: 'essential',
      billingFrequency: 'monthly',
      monthlyPdfGenerated: 0,
      monthlyPdfLimit: 150,
      trialEnd: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
      daysRemaining: 30,
      usagePercentage: 0,
      canGeneratePdf: true,
      pdfBlockedReason: null,
      cancelledAt: null,
      accessEndsAt: null,
    })
  })

  it('rounds days up, counts this month only, and caps the percentage', async () => {
    const { agent, account } = await owner('essential')
    await sub(account.businessId, {
      trialEnd: new Date(clock.now().getTime() + 2.2 * DAY),
      monthlyPdfGenerated: 75,
      monthlyPdfPeriod: '2026-03',
    })
    expect((await agent.get('/api/subscription')).json().data).toMatchObject({
      daysRemaining: 3,
      monthlyPdfGenerated: 75,
      usagePercentage: 50,
    })
    // A count stored for last month reads as 0 (the monthly reset, no cron).
    await sub(account.businessId, { monthlyPdfGenerated: 149, monthlyPdfPeriod: '2026-02' })
    expect((await agent.get('/api/subscription')).json().data).toMatchObject({
      monthlyPdfGenerated: 0,
      usagePercentage: 0,
      canGeneratePdf: true,
    })
  })

  it('at the limit: usage 100 %, no PDFs, USAGE_LIMIT_EXCEEDED', async () => {
    const { agent, account } = await owner('essential')
    await sub(account.businessId, { monthlyPdfGenerated: 150, monthlyPdfPeriod: '2026-03' })
    expect((await agent.get('/api/subscription')).json().data).toMatchObject({
      monthlyPdfGenerated: 150,
      usagePercentage: 100,
      canGeneratePdf: false,
      pdfBlockedReason: 'USAGE_LIMIT_EXCEEDED',
    })
  })

  it('after the trial end: expired, 0 days, no PDFs, TRIAL_EXPIRED', async () => {
    const { agent, account } = await owner('professional')
    await sub(account.businessId, { trialEnd: new Date(clock.now().getTime() - 1000) })
    expect((await agent.get('/api/subscription')).json().data).toMatchObject({
      status: 'expired',
      daysRemaining: 0,
      canGeneratePdf: false,
      pdfBlockedReason: 'TRIAL_EXPIRED',
    })
  })

  it('premium is unlimited (999999, 0 %); professional is 250 per user, in /auth/me too', async () => {
    const premium = await owner('premium')
    expect((await premium.agent.get('/api/subscription')).json().data).toMatchObject({
      monthlyPdfLimit: 999999,
      usagePercentage: 0,
    })
    const pro = await owner('professional')
    await insertMember(t.database.db, pro.account.businessId)
    expect((await pro.agent.get('/api/subscription')).json().data.monthlyPdfLimit).toBe(250)
    expect(
      (await pro.agent.get('/api/auth/me')).json().data.user.subscription.monthlyPdfLimit,
    ).toBe(250)
  })

  it("members read their business's plan; another business's is never visible", async () => {
    const a = await owner('premium')
    const member = await insertMember(t.database.db, a.account.businessId)
    const agent = t.agent()
    await signIn(agent, member.email)
    expect((await agent.get('/api/subscription')).json().data.planType).toBe('premium')
    const b = await owner('essential')
    expect((await b.agent.get('/api/subscription')).json().data.planType).toBe('essential')
    expect((await t.agent().get('/api/subscription')).statusCode).toBe(401)
  })
})

describe('POST /api/subscription/change-plan', () => {
  it('during the trial: immediate, nothing owed, recorded and audited', async () => {
    const { agent, account } = await owner('essential')
    const res = await agent.post('/api/subscription/change-plan', {
      planType: 'professional',
      billingFrequency: 'monthly',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      proratedAmountCents: 0,
      subscription: { planType: 'professional', status: 'trial', monthlyPdfLimit: 250 },
    })
    const [change] = await t.database.db
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.businessId, account.businessId))
    expect(change).toMatchObject({ fromPlan: 'essential', toPlan: 'professional', amountCents: 0 })
    const again = await agent.post('/api/subscription/change-plan', {
      planType: 'professional',
      billingFrequency: 'monthly',
    })
    expect(again.statusCode).toBe(409)
  })

  it('on an active plan: the price difference for the rest of the period', async () => {
    const { agent, account } = await owner('essential')
    // Half-way through a 30-day period: (79 - 49) / 2 = $15.
    await sub(account.businessId, {
      status: 'active',
      currentPeriodStart: new Date(clock.now().getTime() - 15 * DAY),
      currentPeriodEnd: new Date(clock.now().getTime() + 15 * DAY),
    })
    const up = await agent.post('/api/subscription/change-plan', {
      planType: 'professional',
      billingFrequency: 'monthly',
    })
    expect(up.json().data).toMatchObject({
      proratedAmountCents: 1500,
      subscription: { status: 'active', planType: 'professional' },
    })
    const down = await agent.post('/api/subscription/change-plan', {
      planType: 'essential',
      billingFrequency: 'monthly',
    })
    expect(down.json().data.proratedAmountCents).toBe(0)
  })

  it('after an expired trial ("Upgrade"): active again, a new period, its full price owed', async () => {
    const { agent, account } = await owner('essential')
    await sub(account.businessId, { trialEnd: new Date(clock.now().getTime() - DAY) })
    const res = await agent.post('/api/subscription/change-plan', {
      planType: 'premium',
      billingFrequency: 'annually',
    })
    expect(res.json().data).toMatchObject({
      proratedAmountCents: 129_000,
      subscription: { status: 'active', planType: 'premium', canGeneratePdf: true },
    })
  })

  it('is the primary user’s: a member gets 403; a bad plan is 400', async () => {
    const { agent, account } = await owner()
    const member = await insertMember(t.database.db, account.businessId)
    const memberAgent = t.agent()
    await signIn(memberAgent, member.email)
    const res = await memberAgent.post('/api/subscription/change-plan', {
      planType: 'premium',
      billingFrequency: 'monthly',
    })
    expect(res.statusCode).toBe(403)
    const bad = await agent.post('/api/subscription/change-plan', { planType: 'gold' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toMatchObject({ planType: 'Choose a plan' })
  })
})

describe('GET /api/subscription/change-plan/quote', () => {
  const quote = (agent: ReturnType<TestApp['agent']>, planType: string, billing: string) =>
    agent.get(
      `/api/subscription/change-plan/quote?planType=${planType}&billingFrequency=${billing}`,
    )

  it('prices the change before it is made, exactly as the change then records it', async () => {
    const { agent, account } = await owner('essential')
    // A third of the way through a 30-day period: (129 - 49) × 20/30 = $53.33.
    await sub(account.businessId, {
      status: 'active',
      currentPeriodStart: new Date(clock.now().getTime() - 10 * DAY),
      currentPeriodEnd: new Date(clock.now().getTime() + 20 * DAY),
    })
    const before = await quote(agent, 'premium', 'monthly')
    expect(before.statusCode).toBe(200)
    expect(before.json().data).toEqual({
      planType: 'premium',
      billingFrequency: 'monthly',
      status: 'active',
      proratedAmountCents: 5333,
    })
    // Nothing changed by asking.
    expect((await agent.get('/api/subscription')).json().data.planType).toBe('essential')
    const changed = await agent.post('/api/subscription/change-plan', {
      planType: 'premium',
      billingFrequency: 'monthly',
    })
    expect(changed.json().data.proratedAmountCents).toBe(5333)
  })

  it('owes nothing during the trial; the current plan is 409; members 403; bad input 400', async () => {
    const { agent, account } = await owner('professional')
    expect((await quote(agent, 'premium', 'annually')).json().data).toMatchObject({
      status: 'trial',
      proratedAmountCents: 0,
    })
    expect((await quote(agent, 'professional', 'monthly')).statusCode).toBe(409)
    expect((await quote(agent, 'gold', 'monthly')).statusCode).toBe(400)
    const member = await insertMember(t.database.db, account.businessId)
    const memberAgent = t.agent()
    await signIn(memberAgent, member.email)
    expect((await quote(memberAgent, 'premium', 'monthly')).statusCode).toBe(403)
  })
})

describe('cancel and reactivate', () => {
  it('needs the business name typed; then cancelled with 30 days of access, reversible', async () => {
    const { agent } = await owner('professional')
    const wrong = await agent.post('/api/subscription/cancel', { confirmBusinessName: 'Other' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      fields: { confirmBusinessName: 'The business name does not match' },
    })
    const missing = await agent.post('/api/subscription/cancel', {})
    expect(missing.json().fields).toEqual({
      confirmBusinessName: 'Type your business name to confirm',
    })

    const res = await agent.post('/api/subscription/cancel', {
      confirmBusinessName: '  bright smiles myo ',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      cancelledAt: clock.now().toISOString(),
      accessEndsAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
      canGeneratePdf: false,
      pdfBlockedReason: 'TRIAL_EXPIRED',
    })
    expect(
      (await agent.post('/api/subscription/cancel', { confirmBusinessName: 'Bright Smiles Myo' }))
        .statusCode,
    ).toBe(409)

    const back = await agent.post('/api/subscription/reactivate', {})
    expect(back.statusCode).toBe(200)
    expect(back.json().data).toMatchObject({
      status: 'trial',
      cancelledAt: null,
      accessEndsAt: null,
      canGeneratePdf: true,
    })
    expect((await agent.post('/api/subscription/reactivate')).statusCode).toBe(409)
  })

  it('30 days after cancelling the plan reads expired and cannot be reactivated', async () => {
    const { agent, account } = await owner('professional')
    await sub(account.businessId, { trialEnd: new Date(clock.now().getTime() + 365 * DAY) })
    await agent.post('/api/subscription/cancel', { confirmBusinessName: 'Bright Smiles Myo' })
    const start = clock.now()
    try {
      clock.advance(29 * DAY)
      const within = t.agent()
      await signIn(within, account.email)
      expect((await within.get('/api/subscription')).json().data.status).toBe('cancelled')

      clock.advance(1 * DAY + 1000)
      const after = t.agent()
      await signIn(after, account.email)
      expect((await after.get('/api/subscription')).json().data).toMatchObject({
        status: 'expired',
        canGeneratePdf: false,
      })
      const late = await after.post('/api/subscription/reactivate')
      expect(late.statusCode).toBe(409)
      expect(late.json().message).toBe(
        'Your cancelled plan has ended. Choose a plan to subscribe again.',
      )
    } finally {
      clock.set(start)
    }
  })

  it('members cannot cancel or reactivate', async () => {
    const { account } = await owner()
    const member = await insertMember(t.database.db, account.businessId)
    const agent = t.agent()
    await signIn(agent, member.email)
    const res = await agent.post('/api/subscription/cancel', {
      confirmBusinessName: 'Bright Smiles Myo',
    })
    expect(res.statusCode).toBe(403)
    expect((await agent.post('/api/subscription/reactivate')).statusCode).toBe(403)
  })
})

describe('in production without Stripe', () => {
  // Its own app: NODE_ENV reaches only this app's configuration, never process.env.
  let prod: TestApp
  beforeAll(async () => {
    prod = await createTestApp({
      now: clock.now,
      env: { NODE_ENV: 'production', APP_SECRET: 'production-app-secret-0123456789abcdef' },
    })
  })
  afterAll(() => prod.close())

  it('plan changes, their quote and reactivation answer 503 "payments not set up" and record nothing', async () => {
    expect(prod.config).toMatchObject({ env: 'production', stripe: null })
    const account = await insertAccount(prod.database.db, {
      businessName: 'Bright Smiles Myo',
      now: clock.now(),
    })
    const agent = prod.agent()
    await signIn(agent, account.email)
    const refused = {
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: PAYMENTS_NOT_CONFIGURED,
    }

    const quote = await agent.get(
      '/api/subscription/change-plan/quote?planType=premium&billingFrequency=monthly',
    )
    expect(quote.statusCode).toBe(503)
    expect(quote.json()).toMatchObject(refused)
    const change = await agent.post('/api/subscription/change-plan', {
      planType: 'premium',
      billingFrequency: 'monthly',
    })
    expect(change.statusCode).toBe(503)
    expect(change.json()).toMatchObject(refused)
    expect((await agent.get('/api/subscription')).json().data.planType).toBe('essential')
    const changes = await prod.database.db
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.businessId, account.businessId))
    expect(changes).toEqual([])

    // Cancelling needs no payment; undoing it would resume a plan nobody pays for.
    const cancelled = await agent.post('/api/subscription/cancel', {
      confirmBusinessName: 'Bright Smiles Myo',
    })
    expect(cancelled.statusCode).toBe(200)
    const back = await agent.post('/api/subscription/reactivate', {})
    expect(back.statusCode).toBe(503)
    expect(back.json()).toMatchObject(refused)
    expect((await agent.get('/api/subscription')).json().data.status).toBe('cancelled')
  })
})
