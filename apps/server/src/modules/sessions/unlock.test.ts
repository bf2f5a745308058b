/**
 * A sign-in paused for strangers (docs/decisions/016-device-cookies.md): the failure that pauses
 * it emails the owner an unlock link (unlock.ts), the link makes its browser known, and a
 * password reset lifts the pause. The throttle's limits are the small ones of test/login-throttle.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditEvents } from '../../db/schema'
import { mailedResetLink, mailedUnlockLink } from '../../../test/mailed-links'
import { testContext } from '../../../test/test-context'
import { unlockToken } from './unlock'
import type { TestApp } from '../../../test/test-app'
import { createThrottledLoginApp, loginFrom } from '../../../test/login-throttle'
import { insertAccount, TEST_PASSWORD, uniqueEmail } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createThrottledLoginApp()
})
afterAll(() => t.close())

const login = (ip: string, email: string, password: string, device?: string) =>
  loginFrom(t, ip, email, password, device)

let ipSeq = 1
const freshIp = () => `198.51.100.${ipSeq++}`

describe('a paused sign-in: the unlock link and the password reset', () => {
  /** Strangers from as many addresses fill the account-wide budget (6 here). */
  const pauseSignIn = async (email: string) => {
    for (let i = 0; i < 6; i++) await login(freshIp(), email, `Wrong-password-${i}!`)
    expect((await login(freshIp(), email, TEST_PASSWORD)).statusCode).toBe(429)
  }
  const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.envelopeTo.includes(email))

  it('the failure that pauses sign-in emails the owner an unlock link, once a window', async () => {
    const account = await insertAccount(t.database.db)
    const since = t.smtp.messages.length
    await pauseSignIn(account.email)
    const { link } = await mailedUnlockLink(t.smtp, account.email, since)
    expect(link).toMatch(/^http:\/\/\S+\/unlock\?token=/)
    const mail = mailsTo(account.email).at(-1)!
    expect(mail.subject).toBe('Sign-in to your MyoDocs account was paused on new browsers')
    expect(mail.text).toContain('/reset-password')
    // More strangers' failures in the same window send nothing more.
    for (let i = 0; i < 3; i++) await login(freshIp(), account.email, `Wrong-again-${i}!`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(mailsTo(account.email)).toHaveLength(1)
    const paused = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorId, account.id), eq(auditEvents.action, 'auth.sign_in_paused')),
      )
    expect(paused).toHaveLength(1)
  })

  it('strangers guessing an unknown address pause nothing and mail no one', async () => {
    const email = uniqueEmail('ghost')
    const since = t.smtp.messages.length
    await pauseSignIn(email)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(t.smtp.messages.slice(since).filter((m) => m.envelopeTo.includes(email))).toEqual([])
  })

  it('the unlock link makes the browser that opens it known; strangers stay paused', async () => {
    const account = await insertAccount(t.database.db)
    const since = t.smtp.messages.length
    await pauseSignIn(account.email)
    const { token } = await mailedUnlockLink(t.smtp, account.email, since)

    const browser = t.agent()
    await browser.csrf()
    const unlocked = await browser.post('/api/auth/unlock', { token })
    expect(unlocked.statusCode).toBe(200)
    expect(unlocked.json()).toMatchObject({
      success: true,
      message: 'Sign-in is unlocked on this browser. Sign in with your email and password.',
    })
    const device = browser.cookie('myodocs_device')
    expect(device).toBeDefined()
    expect((await login(freshIp(), account.email, TEST_PASSWORD, device)).statusCode).toBe(200)
    expect((await login(freshIp(), account.email, TEST_PASSWORD)).statusCode).toBe(429)
    // The unlocked browser's own budget still holds (3 here).
    for (let i = 0; i < 3; i++) await login(freshIp(), account.email, `Wrong-${i}-pass!`, device)
    expect((await login(freshIp(), account.email, TEST_PASSWORD, device)).statusCode).toBe(429)
  })

  it('refuses a forged, altered, expired or incomplete unlock link', async () => {
    const account = await insertAccount(t.database.db)
    const ctx = testContext(t.database.db)
    const valid = unlockToken(ctx, account.id, new Date(Date.now() + 60_000))
    const [id, expires, mac] = valid.split('.')
    const other = await insertAccount(t.database.db)
    const browser = t.agent()
    await browser.csrf()
    for (const token of [
      `${other.id}.${expires}.${mac}`,
      `${id}.${Number(expires) + 3600}.${mac}`,
      `${id}.${expires}.${mac!.slice(1)}x`,
      unlockToken(ctx, account.id, new Date(Date.now() - 1_000)),
      `${id}.${expires}`,
      'garbage',
    ]) {
      const res = await browser.post('/api/auth/unlock', { token })
      expect(res.statusCode, token).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('This unlock link is invalid or has expired.'),
      })
    }
    expect(browser.cookie('myodocs_device')).toBeUndefined()
    const empty = await browser.post('/api/auth/unlock', { token: '' })
    expect(empty.statusCode).toBe(400)
  })

  it('a completed password reset lifts the pause and signs the owner in', async () => {
    const account = await insertAccount(t.database.db)
    await pauseSignIn(account.email)
    const browser = t.agent()
    const since = t.smtp.messages.length
    await browser.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    })
    const { token } = await mailedResetLink(t.smtp, account.email, since)
    const newPassword = 'Fresh-Start-2468!'
    const reset = await browser.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
    })
    expect(reset.statusCode).toBe(200)
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200)
    // Any browser signs in with the new password again.
    expect((await login(freshIp(), account.email, newPassword)).statusCode).toBe(200)
  })

  it('per-address limits still hold after a reset', async () => {
    const account = await insertAccount(t.database.db)
    const sprayer = freshIp()
    for (let i = 0; i < 8; i++) await login(sprayer, uniqueEmail('spray'), `Wrong-password-${i}!`)
    const browser = t.agent()
    const since = t.smtp.messages.length
    await browser.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    })
    const { token } = await mailedResetLink(t.smtp, account.email, since)
    const newPassword = 'Fresh-Start-1357!'
    const reset = await browser.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
    })
    expect(reset.statusCode).toBe(200)
    expect((await login(sprayer, account.email, newPassword)).statusCode).toBe(429)
  })
})
