/**
 * POST /api/auth/register and /register/confirm: the good path through the emailed link, each
 * rule, the same answer for a registered address, the last invite-code use raced, duplicates,
 * referrals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import {
  auditEvents,
  businessSubscriptions,
  businesses,
  inviteCodes,
  referralCodes,
  users,
} from '../../db/schema'
import type { User } from '@myodocs/shared/contracts/auth'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { REGISTRATION_CHECK_EMAIL } from '@myodocs/shared/constants/messages'
import { insertAccount, newInviteCode, registerPayload, uniqueEmail } from '../../../test/factories'
import { mailedRegistrationLink, registerThroughMail } from '../../../test/mailed-links'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => ({
      ...c,
      rateLimits: { ...c.rateLimits, authIp: { max: 1_000, windowMs: 60_000 } },
    }),
  })
})
afterAll(() => t.close())

const register = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload })

/** The form, then the emailed link opened in the same browser: the confirmation's answer. */
const registerAndConfirm = (payload: { email: string }) =>
  registerThroughMail(t.agent(), t.smtp, payload)

/** Opens a mailed sign-up link's token in a browser of its own. */
const confirm = async (token: string) => {
  const agent = t.agent()
  await agent.csrf()
  return agent.post('/api/auth/register/confirm', { token })
}

const DAY = 86_400_000

describe('POST /api/auth/register', () => {
  it('creates the business, its primary user and a 30-day trial from the link, and signs the user in', async () => {
    const code = await newInviteCode(t.database.db)
    const payload = registerPayload(code.toLowerCase(), { email: uniqueEmail('New').toUpperCase() })
    const before = Date.now()
    const res = await registerAndConfirm(payload)
    expect(res.statusCode).toBe(200)
    const user = res.json<{ data: { user: User } }>().data.user
    expect(user).toMatchObject({
      email: payload.email.toLowerCase(),
      firstName: 'Riley',
      lastName: 'Okafor',
      therapistTitle: 'SLP',
      therapistPhone: '(555) 987-6543',
      businessName: payload.businessName,
      isPrimaryUser: true,
      subscription: { monthlyPdfGenerated: 0, monthlyPdfLimit: 250 },
      businessSubscription: { status: 'trial', planType: 'professional' },
    })
    const trialEnd = Date.parse(user.businessSubscription!.trialEnd!)
    expect(trialEnd - before).toBeGreaterThanOrEqual(30 * DAY - 1000)
    expect(trialEnd - before).toBeLessThan(30 * DAY + 60_000)

    // Signed in: the cookie answers /me.
    const cookie = res.cookies
      .filter((c) => c.name === 'myodocs_session')
      .map((c) => `${c.name}=${c.value}`)
      .join('')
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } })
    expect(me.json()).toMatchObject({ data: { user: { id: user.id } } })

    const [business] = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, user.businessId))
    expect(business!.name).toBe(payload.businessName)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row!.therapistPhone).toBe('5559876543')
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
    const [sub] = await t.database.db
      .select()
      .from(businessSubscriptions)
      .where(eq(businessSubscriptions.businessId, user.businessId))
    expect(sub).toMatchObject({ billingFrequency: 'monthly', status: 'trial' })
    const referral = await t.database.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.businessId, user.businessId))
    expect(referral).toHaveLength(1)

    const [used] = await t.database.db.select().from(inviteCodes).where(eq(inviteCodes.code, code))
    expect(used!.uses).toBe(1)
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'auth.register')))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.details).toMatchObject({
      confirmations: { ageConfirmed: true, acceptTerms: true, acceptBAA: true },
    })
    expect(audit[0]!.ip).toBeTruthy()

    // The Terms ticked on the form count (version in force); the BAA and attestation remain.
    const legal = await t.app.inject({ url: '/api/legal/status', headers: { cookie } })
    expect(legal.statusCode).toBe(200)
    expect(legal.json()).toMatchObject({
      data: {
        terms: { isAccepted: true, stale: false },
        baa: { isAccepted: false },
        'email-provider-attestation': { isAccepted: false },
        missing: ['baa', 'email-provider-attestation'],
      },
    })
    const termsAudit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'legal.accept')))
    expect(termsAudit.map((a) => a.details)).toMatchObject([{ kind: 'terms' }])
  })

  it('defaults to the essential plan, billed monthly', async () => {
    const payload: Record<string, unknown> = registerPayload(await newInviteCode(t.database.db))
    delete payload.planType
    delete payload.billingFrequency
    const res = await registerAndConfirm(payload as { email: string })
    expect(res.json()).toMatchObject({
      data: { user: { businessSubscription: { planType: 'essential' } } },
    })
  })

  it.each([
    ['email', { email: 'nope' }, 'Email is invalid'],
    ['firstName', { firstName: ' ' }, 'First name is required'],
    ['lastName', { lastName: undefined }, 'Last name is required'],
    ['businessName', { businessName: '' }, 'Business name is required'],
    ['therapistPhone', { therapistPhone: '' }, 'Please enter a valid 10-digit US phone number'],
    [
      'therapistPhone',
      { therapistPhone: '555-1234' },
      'Please enter a valid 10-digit US phone number',
    ],
    ['password', { password: '' }, 'Password is required'],
    ['ageConfirmed', { ageConfirmed: false }, 'Please confirm that you are at least 18 years old'],
    [
      'acceptTerms',
      { acceptTerms: undefined },
      'Please accept the Terms of Service and the Business Associate Agreement',
    ],
    [
      'acceptBAA',
      { acceptBAA: false },
      'Please accept the Terms of Service and the Business Associate Agreement',
    ],
    ['planType', { planType: 'platinum' }, undefined],
  ])('rejects a bad %s with 400 naming it', async (field, patch, message) => {
    const code = await newInviteCode(t.database.db)
    const res = await register({ ...registerPayload(code), ...patch })
    expect(res.statusCode).toBe(400)
    const body = res.json<{ code: string; fields: Record<string, string> }>()
    expect(body.code).toBe('VALIDATION_ERROR')
    if (message) expect(body.fields[field]).toBe(message)
    else expect(body.fields[field]).toBeTruthy()
    // Nothing was used up.
    const [row] = await t.database.db.select().from(inviteCodes).where(eq(inviteCodes.code, code))
    expect(row!.uses).toBe(0)
  })

  it.each(['short1!A', 'alllowercase123!', 'Password1234!', 'NoDigitsHere!!'])(
    'refuses a password failing the policy (%s) with its text',
    async (password) => {
      const code = await newInviteCode(t.database.db)
      const res = await register(registerPayload(code, { password }))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Password does not meet security requirements',
        fields: { password: 'Password does not meet security requirements' },
      })
    },
  )

  it.each([
    ['unknown', async () => 'ZZZZZZZZZZ'],
    [
      'used up',
      async () => {
        const code = await newInviteCode(t.database.db)
        expect((await registerAndConfirm(registerPayload(code))).statusCode).toBe(200)
        return code
      },
    ],
    [
      'expired',
      async () =>
        newInviteCode(t.database.db, { expiresInDays: 1 }, new Date(Date.now() - 2 * DAY)),
    ],
  ])('refuses an %s invite code with 400 INVALID_INVITE_CODE', async (_label, make) => {
    const code = await make()
    const res = await register(registerPayload(code))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'INVALID_INVITE_CODE',
      message: 'Invalid invite code. Please check and try again.',
    })
  })

  it('answers a registered address exactly as a new one, and emails it instead', async () => {
    const existing = await insertAccount(t.database.db)
    const code = await newInviteCode(t.database.db)
    const fresh = registerPayload(code)
    const known = registerPayload(code, { email: existing.email.toUpperCase() })
    const since = t.smtp.messages.length
    const [a, b] = [await register(fresh), await register(known)]
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        success: true,
        message: REGISTRATION_CHECK_EMAIL,
        data: { message: REGISTRATION_CHECK_EMAIL },
      })
      expect(res.headers['set-cookie']).toBeUndefined()
    }
    expect(a.body).toBe(b.body)
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort())

    // No account yet for the new address, and no code taken; each address got its email.
    expect(await t.database.db.select().from(users).where(eq(users.email, fresh.email))).toEqual([])
    const [row] = await t.database.db.select().from(inviteCodes).where(eq(inviteCodes.code, code))
    expect(row!.uses).toBe(0)
    await mailedRegistrationLink(t.smtp, fresh.email, since)
    const notice = await t.smtp.waitFor(
      (m) => m.envelopeTo.includes(existing.email) && t.smtp.messages.indexOf(m) >= since,
    )
    expect(notice.subject).toBe('You already have a MyoDocs account')
    expect(notice.text).toContain('/login')
    expect(notice.text).not.toContain('/register/confirm')
  })

  it('refuses an altered or foreign link with 400, and a link opened twice with 409', async () => {
    const payload = registerPayload(await newInviteCode(t.database.db, { uses: 2 }))
    const since = t.smtp.messages.length
    expect((await register(payload)).statusCode).toBe(200)
    const { token } = await mailedRegistrationLink(t.smtp, payload.email, since)
    // The second-to-last character changed (it was left as it was 1 time in 64 when the test
    // looked at the last one to choose the new one).
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.slice(-1)}`
    for (const bad of [flipped, 'v1.x.y.z', 'garbage']) {
      const res = await confirm(bad)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        message: 'This sign-up link is invalid or has expired. Please register again.',
      })
    }
    expect((await confirm(token)).statusCode).toBe(200)
    expect((await confirm(token)).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists. Please sign in instead.',
    })
  })

  it('gives the last use of a code to exactly one of two racing confirmations', async () => {
    const code = await newInviteCode(t.database.db, { uses: 1 })
    const [first, second] = [registerPayload(code), registerPayload(code)]
    const since = t.smtp.messages.length
    expect((await register(first)).statusCode).toBe(200)
    expect((await register(second)).statusCode).toBe(200)
    const tokens = await Promise.all(
      [first, second].map(
        async (p) => (await mailedRegistrationLink(t.smtp, p.email, since)).token,
      ),
    )
    const [a, b] = await Promise.all(tokens.map(confirm))
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 400])
    const loser = a!.statusCode === 400 ? a! : b!
    expect(loser.json()).toMatchObject({ code: 'INVALID_INVITE_CODE' })
    const [row] = await t.database.db.select().from(inviteCodes).where(eq(inviteCodes.code, code))
    expect(row!.uses).toBe(1)
  })

  it('lets one email register once when two of its links race', async () => {
    const code = await newInviteCode(t.database.db, { uses: 5 })
    const email = uniqueEmail('twice')
    const since = t.smtp.messages.length
    expect((await register(registerPayload(code, { email }))).statusCode).toBe(200)
    expect((await register(registerPayload(code, { email }))).statusCode).toBe(200)
    await t.smtp.waitFor(
      () =>
        t.smtp.messages.filter((m, i) => i >= since && m.envelopeTo.includes(email)).length >= 2,
    )
    const tokens = t.smtp.messages
      .filter((m, i) => i >= since && m.envelopeTo.includes(email))
      .map((m) => decodeURIComponent(/register\/confirm\?token=(\S+)/.exec(m.text ?? '')![1]!))
    const results = await Promise.all(tokens.map(confirm))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const [row] = await t.database.db.select().from(inviteCodes).where(eq(inviteCodes.code, code))
    expect(row!.uses).toBe(1)
  })
})

describe('registration with a referral', () => {
  it('gives a 60-day trial and emails the referring business', async () => {
    const referrer = await insertAccount(t.database.db)
    const [ref] = await t.database.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.businessId, referrer.businessId))
    const code = await newInviteCode(t.database.db)
    const payload = registerPayload(code, { referralCode: ref!.code.toLowerCase() })
    const before = Date.now()
    const res = await registerAndConfirm(payload)
    expect(res.statusCode).toBe(200)
    const user = res.json<{ data: { user: User } }>().data.user
    const trialEnd = Date.parse(user.businessSubscription!.trialEnd!)
    expect(trialEnd - before).toBeGreaterThanOrEqual(60 * DAY - 1000)
    expect(trialEnd - before).toBeLessThan(60 * DAY + 60_000)

    const mail = await t.smtp.waitFor((m) => m.envelopeTo.includes(referrer.email))
    expect(mail.subject).toBe('Your MyoDocs referral was used')
    expect(mail.text).toContain(payload.businessName)
    const [business] = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, user.businessId))
    expect(business!.referredByBusinessId).toBe(referrer.businessId)
  })

  it('ignores an unknown referral code (a 30-day trial, no error)', async () => {
    const code = await newInviteCode(t.database.db)
    const before = Date.now()
    const res = await registerAndConfirm(registerPayload(code, { referralCode: 'NOSUCHREF' }))
    expect(res.statusCode).toBe(200)
    const trialEnd = Date.parse(
      res.json<{ data: { user: { businessSubscription: { trialEnd: string } } } }>().data.user
        .businessSubscription.trialEnd,
    )
    expect(trialEnd - before).toBeLessThan(30 * DAY + 60_000)
  })
})
