/**
 * Forgot and reset password: one answer for
 * every email, the emailed single-use link valid 1 hour, policy and history, and every session
 * revoked afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditEvents, passwordResetTokens } from '../../db/schema'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, signIn, TEST_PASSWORD, uniqueEmail } from '../../../test/factories'
import { mailedResetLink } from '../../../test/mailed-links'

const MINUTE = 60_000
const NEW_PASSWORD = 'Mq4&Tz8!Wp3#Kd'

const clock = fakeClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    config: (c) => ({
      ...c,
      rateLimits: {
        ...c.rateLimits,
        authIp: { max: 1_000, windowMs: 60_000 },
        forgotPasswordEmail: { max: 10, windowMs: 60_000 },
        forgotPasswordIp: { max: 1_000, windowMs: 60_000 },
      },
    }),
  })
})
afterAll(() => t.close())

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })
const reset = (token: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  })
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

const SENT = {
  success: true,
  message:
    'If an account exists for that email, we have sent a link to reset your password. It is valid for 1 hour.',
  data: {
    message:
      'If an account exists for that email, we have sent a link to reset your password. It is valid for 1 hour.',
  },
}

/** Asks for a reset link and reads the token from the email that arrives. */
async function resetToken(email: string): Promise<string> {
  const sentAt = t.smtp.messages.length
  expect((await forgot(email)).statusCode).toBe(200)
  const { link, token } = await mailedResetLink(t.smtp, email, sentAt)
  expect(link.startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true)
  return token
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a known and an unknown email; only the known one gets mail', async () => {
    const account = await insertAccount(t.database.db)
    const ghost = uniqueEmail('ghost')
    const known = await forgot(account.email)
    const unknown = await forgot(ghost)
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual(SENT)
    expect(unknown.json()).toEqual(SENT)
    const mail = await t.smtp.waitFor((m) => m.envelopeTo.includes(account.email))
    expect(mail.subject).toBe('Reset your MyoDocs password')
    expect(mail.text).toMatch(/expires in 1 hour/)
    await new Promise((r) => setTimeout(r, 500))
    expect(t.smtp.messages.some((m) => m.envelopeTo.includes(ghost))).toBe(false)
  })

  it('stores only the hash of the token', async () => {
    const account = await insertAccount(t.database.db)
    const token = await resetToken(account.email)
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, account.id))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('validates the email with the catalogued texts', async () => {
    const res = await forgot('nope')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ fields: { email: 'Email is invalid' } })
  })

  it('sends no more than the limit per email, still answering the same', async () => {
    const account = await insertAccount(t.database.db)
    for (let i = 0; i < 12; i++) expect((await forgot(account.email)).json()).toEqual(SENT)
    // The emails go out after the answer: wait for them, then make sure no more come.
    const sent = () => t.smtp.messages.filter((m) => m.envelopeTo.includes(account.email)).length
    await expect.poll(sent, { timeout: 15_000 }).toBe(10)
    await new Promise((r) => setTimeout(r, 500))
    expect(sent()).toBe(10)
  })
})

describe('POST /api/auth/reset-password/check', () => {
  const check = async (token: string) => {
    const agent = t.agent()
    await agent.csrf()
    return agent.post('/api/auth/reset-password/check', { token })
  }

  it('says whether a link can still be used, without using it up', async () => {
    const account = await insertAccount(t.database.db)
    const token = await resetToken(account.email)
    for (let i = 0; i < 2; i++) {
      const res = await check(token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, data: { valid: true } })
    }
    expect((await reset(token)).statusCode).toBe(200)
    const used = await check(token)
    expect(used.statusCode).toBe(400)
    expect(used.json()).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    })
    expect((await check('not-a-real-token')).json()).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
    })
  })

  it('refuses an expired link', async () => {
    const account = await insertAccount(t.database.db)
    const token = await resetToken(account.email)
    clock.advance(60 * MINUTE)
    const res = await check(token)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' })
  })
})

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session, and rotates the drafts key', async () => {
    const account = await insertAccount(t.database.db, { now: clock.now() })
    const tab1 = t.agent()
    const tab2 = t.agent()
    await signIn(tab1, account.email)
    await signIn(tab2, account.email)
    const keyBefore = (await tab1.get('/api/auth/draft-key')).json<{ data: { key: string } }>().data
      .key

    const token = await resetToken(account.email)
    const res = await reset(token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) })

    for (const tab of [tab1, tab2]) {
      const me = await tab.get('/api/auth/me')
      expect(me.statusCode).toBe(401)
      expect(me.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
    }
    expect((await login(account.email, TEST_PASSWORD)).statusCode).toBe(401)
    const again = t.agent()
    await signIn(again, account.email, NEW_PASSWORD)
    const keyAfter = (await again.get('/api/auth/draft-key')).json<{
      data: { key: string; version: number }
    }>().data
    expect(keyAfter.version).toBe(2)
    expect(keyAfter.key).not.toBe(keyBefore)
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorId, account.id), eq(auditEvents.action, 'auth.password_reset')),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]!.details).toMatchObject({ sessionsRevoked: 2 })
  })

  it('signs this browser in: the user, the session cookies and the device cookie', async () => {
    const account = await insertAccount(t.database.db)
    const browser = t.agent()
    const res = await browser.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: await resetToken(account.email), newPassword: NEW_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your password has been reset, and you are signed in.',
      data: { user: { id: account.id, email: account.email } },
    })
    expect(browser.cookie('myodocs_device')).toBeDefined()
    const me = await browser.get('/api/auth/me')
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ data: { user: { id: account.id } } })
  })

  it('is single use', async () => {
    const account = await insertAccount(t.database.db)
    const token = await resetToken(account.email)
    expect((await reset(token)).statusCode).toBe(200)
    const second = await reset(token, 'Another-Pass-42!x')
    expect(second.statusCode).toBe(400)
    expect(second.json()).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    })
  })

  it('two resets racing with one link: exactly one wins', async () => {
    const account = await insertAccount(t.database.db)
    const token = await resetToken(account.email)
    const results = await Promise.all([reset(token), reset(token, 'Another-Pass-42!x')])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400])
  })

  it('expires after 1 hour', async () => {
    const account = await insertAccount(t.database.db)
    const ok = await resetToken(account.email)
    clock.advance(60 * MINUTE - 1_000)
    expect((await reset(ok)).statusCode).toBe(200)

    const other = await insertAccount(t.database.db)
    const late = await resetToken(other.email)
    clock.advance(60 * MINUTE)
    const res = await reset(late)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' })
  })

  it('an older link stops working when a newer one is sent', async () => {
    const account = await insertAccount(t.database.db)
    const first = await resetToken(account.email)
    const second = await resetToken(account.email)
    expect((await reset(first)).statusCode).toBe(400)
    expect((await reset(second)).statusCode).toBe(200)
  })

  it('refuses an unknown token', async () => {
    const res = await reset('not-a-real-token')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' })
  })

  it('enforces the policy, keeping the link usable', async () => {
    const account = await insertAccount(t.database.db)
    const token = await resetToken(account.email)
    const weak = await reset(token, 'password12345')
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toMatchObject({
      fields: { newPassword: 'Password does not meet security requirements' },
    })
    expect((await reset(token)).statusCode).toBe(200)
  })

  it('refuses the current or a recent password (history of 5)', async () => {
    const account = await insertAccount(t.database.db)
    const current = await reset(await resetToken(account.email), TEST_PASSWORD)
    expect(current.statusCode).toBe(400)
    expect(current.json()).toMatchObject({
      fields: { newPassword: 'Please choose a password you have not used recently.' },
    })
    const passwords = ['Hx5#Rt8!Lm2$Qa', 'Jy6#Su9!Nn3$Wb', 'Kz7#Vv2!Pp4$Xc', 'Lw8#Xx3!Qq5$Yd']
    for (const p of passwords)
      expect((await reset(await resetToken(account.email), p)).statusCode).toBe(200)
    // TEST_PASSWORD is now the 5th most recent: still refused; a sixth change lets it go.
    expect((await reset(await resetToken(account.email), TEST_PASSWORD)).statusCode).toBe(400)
    expect((await reset(await resetToken(account.email), 'Mv9#Zz4!Rr6$Ze')).statusCode).toBe(200)
    expect((await reset(await resetToken(account.email), TEST_PASSWORD)).statusCode).toBe(200)
  })
})
