/**
 * Sign-in, the current user, sign-out, brute-force throttling and account enumeration
 * (ASVS 6.3.8). A sign-in paused for strangers and its unlock link are unlock.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditEvents, sessions } from '../../db/schema'
import { argon2 } from '../../lib/password-hashing'
import { registerThroughMail } from '../../../test/mailed-links'
import type { TestApp } from '../../../test/test-app'
import { createThrottledLoginApp, loginFrom } from '../../../test/login-throttle'
import {
  deactivateUser,
  insertAccount,
  newInviteCode,
  registerPayload,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createThrottledLoginApp()
})
afterAll(() => t.close())

const login = (ip: string, email: string, password: string, device?: string) =>
  loginFrom(t, ip, email, password, device)

/** The device cookie a successful sign-in set. */
const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const cookie = (res.cookies as Array<{ name: string; value: string }>).find(
    (c) => c.name === 'myodocs_device',
  )
  if (!cookie) throw new Error('no device cookie')
  return cookie.value
}

let ipSeq = 1
const freshIp = () => `198.51.100.${ipSeq++}`

const failureBody = {
  success: false,
  code: 'INVALID_CREDENTIALS',
  message: 'Login failed. Please check your credentials.',
}

describe('POST /api/auth/login', () => {
  it('signs in: the user, httpOnly Lax cookies, only hashes in the database', async () => {
    const account = await insertAccount(t.database.db)
    const res = await login(freshIp(), account.email.toUpperCase(), TEST_PASSWORD)
    expect(res.statusCode).toBe(200)
    const user = res.json<{ data: { user: Record<string, unknown> } }>().data.user
    expect(user).toMatchObject({
      id: account.id,
      email: account.email,
      firstName: 'Dana',
      lastName: 'Reyes',
      therapistTitle: 'RDH',
      therapistPhone: '(555) 123-4567',
      businessId: account.businessId,
      isPrimaryUser: true,
      subscription: { monthlyPdfGenerated: 0, monthlyPdfLimit: 150 },
      businessSubscription: { status: 'trial', planType: 'essential' },
    })
    expect(typeof user.createdAt).toBe('string')

    const cookies = res.cookies as Array<{
      name: string
      value: string
      httpOnly?: boolean
      sameSite?: string
      path?: string
    }>
    const access = cookies.find((c) => c.name === 'myodocs_session')!
    const refresh = cookies.find((c) => c.name === 'myodocs_refresh')!
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' })
    expect(access.value.length).toBeGreaterThanOrEqual(43)

    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id))
    expect(rows).toHaveLength(1)
    const dump = JSON.stringify(rows)
    expect(dump).not.toContain(access.value)
    expect(dump).not.toContain(refresh.value)
  })

  it.each([
    [{ email: '', password: 'whatever' }, 'email', 'Email is required'],
    [{ password: 'whatever' }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: 'whatever' }, 'email', 'Email is invalid'],
    [{ email: 'a@b.test', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@b.test' }, 'password', 'Password is required'],
    [
      { email: 'a@b.test', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
  ])('validates %j with the catalogued texts', async (payload, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: message } })
  })

  it('answers a wrong password and an unknown email identically (no enumeration)', async () => {
    const account = await insertAccount(t.database.db)
    const wrong = await login(freshIp(), account.email, 'Not-the-password-1!')
    const unknown = await login(freshIp(), uniqueEmail('nobody'), 'Not-the-password-1!')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(failureBody)
    expect(unknown.json()).toEqual(failureBody)
    expect(wrong.headers['set-cookie']).toBeUndefined()
    expect(unknown.headers['set-cookie']).toBeUndefined()
  })

  it('spends one argon2 verification on an unknown email, as on a wrong password', async () => {
    // Counted, not timed: the verification (~20 ms) is what makes both answers take as long,
    // and a sign-in's other work varies more than that on a shared machine.
    const account = await insertAccount(t.database.db)
    const verifications = vi.spyOn(argon2, 'verify')
    try {
      expect((await login(freshIp(), account.email, 'Not-the-password-1!')).statusCode).toBe(401)
      expect(verifications).toHaveBeenCalledTimes(1)
      expect((await login(freshIp(), uniqueEmail(), 'Not-the-password-1!')).statusCode).toBe(401)
      expect(verifications).toHaveBeenCalledTimes(2)
      // The unknown email's verification is a real one, against a hash with the same cost.
      const dummy = verifications.mock.calls[1]![0]
      expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      await expect(verifications.mock.results[1]!.value).resolves.toBe(false)
    } finally {
      verifications.mockRestore()
    }
  })

  it('refuses a deactivated user, even with the right password', async () => {
    const account = await insertAccount(t.database.db)
    await deactivateUser(t.database.db, account.id)
    const res = await login(freshIp(), account.email, TEST_PASSWORD)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' })
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('records success and failure in the audit trail', async () => {
    const account = await insertAccount(t.database.db)
    await login(freshIp(), account.email, 'Not-the-password-1!')
    await login(freshIp(), account.email, TEST_PASSWORD)
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, account.id), eq(auditEvents.action, 'auth.login')))
    expect(rows.map((r) => r.outcome).sort()).toEqual(['failure', 'success'])
    expect(JSON.stringify(rows)).not.toContain('Not-the-password')
  })
})

describe('brute-force protection', () => {
  it('blocks an account from one IP after the limit, refusing even the right password', async () => {
    const account = await insertAccount(t.database.db)
    const ip = freshIp()
    for (let i = 0; i < 3; i++) {
      expect((await login(ip, account.email, `Wrong-password-${i}!`)).statusCode).toBe(401)
    }
    const blocked = await login(ip, account.email, TEST_PASSWORD)
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    // Another IP still signs in: the block is per account and IP.
    expect((await login(freshIp(), account.email, TEST_PASSWORD)).statusCode).toBe(200)
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.login_blocked'))
    expect(audit.length).toBeGreaterThan(0)
  })

  it('blocks unknown emails the same way (the 429 reveals nothing)', async () => {
    const email = uniqueEmail('ghost')
    const ip = freshIp()
    for (let i = 0; i < 3; i++) await login(ip, email, `Wrong-password-${i}!`)
    const res = await login(ip, email, `Wrong-password-x!`)
    expect(res.statusCode).toBe(429)
  })

  it('a success resets the account + IP count', async () => {
    const account = await insertAccount(t.database.db)
    const ip = freshIp()
    await login(ip, account.email, 'Wrong-password-1!')
    await login(ip, account.email, 'Wrong-password-2!')
    expect((await login(ip, account.email, TEST_PASSWORD)).statusCode).toBe(200)
    await login(ip, account.email, 'Wrong-password-3!')
    await login(ip, account.email, 'Wrong-password-4!')
    expect((await login(ip, account.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('limits one account across IPs', async () => {
    const account = await insertAccount(t.database.db)
    for (let i = 0; i < 6; i++) await login(freshIp(), account.email, `Wrong-password-${i}!`)
    const res = await login(freshIp(), account.email, TEST_PASSWORD)
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('limits one IP across accounts, while other IPs are unaffected', async () => {
    const ip = freshIp()
    for (let i = 0; i < 8; i++) await login(ip, uniqueEmail('spray'), `Wrong-password-${i}!`)
    const account = await insertAccount(t.database.db)
    expect((await login(ip, account.email, TEST_PASSWORD)).statusCode).toBe(429)
    expect((await login(freshIp(), account.email, TEST_PASSWORD)).statusCode).toBe(200)
  })
})

describe('device cookies: strangers cannot lock the owner out', () => {
  it('a known browser with the right password gets in while strangers are blocked', async () => {
    const account = await insertAccount(t.database.db)
    const first = await login(freshIp(), account.email, TEST_PASSWORD)
    const device = deviceCookieOf(first)
    const cookie = (first.cookies as Array<Record<string, unknown>>).find(
      (c) => c.name === 'myodocs_device',
    )
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    expect(Number(cookie?.maxAge)).toBeGreaterThan(30 * 24 * 3600)

    // Strangers from several addresses fill the account-wide budget.
    for (let i = 0; i < 6; i++) await login(freshIp(), account.email, `Wrong-password-${i}!`)
    expect((await login(freshIp(), account.email, TEST_PASSWORD)).statusCode).toBe(429)

    // The owner's browser, from a fresh address or one a stranger blocked, still signs in.
    expect((await login(freshIp(), account.email, TEST_PASSWORD, device)).statusCode).toBe(200)
  })

  it('a known browser is not blocked by a busy address either', async () => {
    const account = await insertAccount(t.database.db)
    const ip = freshIp()
    const device = deviceCookieOf(await login(ip, account.email, TEST_PASSWORD))
    for (let i = 0; i < 8; i++) await login(ip, uniqueEmail('spray'), `Wrong-password-${i}!`)
    expect((await login(ip, account.email, TEST_PASSWORD)).statusCode).toBe(429)
    expect((await login(ip, account.email, TEST_PASSWORD, device)).statusCode).toBe(200)
  })

  it('a known browser has its own failure budget, then is blocked too', async () => {
    const account = await insertAccount(t.database.db)
    const device = deviceCookieOf(await login(freshIp(), account.email, TEST_PASSWORD))
    for (let i = 0; i < 3; i++) {
      expect((await login(freshIp(), account.email, `Wrong-${i}-pass!`, device)).statusCode).toBe(
        401,
      )
    }
    const res = await login(freshIp(), account.email, TEST_PASSWORD, device)
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('registering (the emailed link opened) makes the browser known, as a sign-in does', async () => {
    const payload = registerPayload(await newInviteCode(t.database.db))
    const registered = await registerThroughMail(t.agent(), t.smtp, payload, freshIp())
    expect(registered.statusCode).toBe(200)
    const device = deviceCookieOf(registered)

    for (let i = 0; i < 6; i++) await login(freshIp(), payload.email, `Wrong-password-${i}!`)
    expect((await login(freshIp(), payload.email, payload.password)).statusCode).toBe(429)
    expect((await login(freshIp(), payload.email, payload.password, device)).statusCode).toBe(200)
  })

  it("a forged cookie, or another account's, makes a stranger", async () => {
    const owner = await insertAccount(t.database.db)
    const other = await insertAccount(t.database.db)
    const othersDevice = deviceCookieOf(await login(freshIp(), other.email, TEST_PASSWORD))
    for (let i = 0; i < 6; i++) await login(freshIp(), owner.email, `Wrong-password-${i}!`)
    const [id] = othersDevice.split('.')
    for (const device of [othersDevice, `${id}.forged`, 'garbage']) {
      expect((await login(freshIp(), owner.email, TEST_PASSWORD, device)).statusCode).toBe(429)
    }
  })
})

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers the user while signed in, 401 before and after sign-out', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    const before = await agent.get('/api/auth/me')
    expect(before.statusCode).toBe(401)
    expect(before.json()).toMatchObject({ code: 'UNAUTHORIZED' })

    await signIn(agent, account.email)
    const me = await agent.get('/api/auth/me')
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ success: true, data: { user: { id: account.id } } })

    const out = await agent.post('/api/auth/logout', {})
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ success: true, data: { signedOut: true } })
    expect(agent.cookie('myodocs_session')).toBeUndefined()
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id))
    expect(row).toMatchObject({ revokedReason: 'logout' })
  })

  it('revokes at once: the old access cookie no longer works after sign-out', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    const cookie = `myodocs_session=${agent.cookie('myodocs_session')}`
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200)
    expect((await agent.post('/api/auth/logout', {})).statusCode).toBe(200)
    const after = await t.app.inject({ url: '/api/auth/me', headers: { cookie } })
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
  })

  it('an idle logoff from the browser is audited as such', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    expect((await agent.post('/api/auth/logout', { reason: 'idle' })).statusCode).toBe(200)
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, account.id), eq(auditEvents.action, 'auth.idle_logout')))
    expect(rows).toHaveLength(1)
  })

  it('signing out without a session still answers 200 (idempotent), CSRF still required', async () => {
    const agent = t.agent()
    await agent.csrf()
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(200)
    const noToken = await agent.request({ method: 'POST', url: '/api/auth/logout', csrf: false })
    expect(noToken.statusCode).toBe(403)
  })

  it('a new sign-in never reuses the session the browser brought (fixation)', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    const first = agent.cookie('myodocs_session')
    await signIn(agent, account.email)
    expect(agent.cookie('myodocs_session')).not.toBe(first)
    const old = await t.app.inject({
      url: '/api/auth/me',
      headers: { cookie: `myodocs_session=${first}` },
    })
    expect(old.statusCode).toBe(401)
  })

  it('a deactivated user is signed out at their next call, told why', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    await deactivateUser(t.database.db, account.id)
    const res = await agent.get('/api/auth/me')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' })
  })
})

describe('the OpenAPI document', () => {
  it('documents every accounts route with a summary and a tag', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>
    }>()
    const mine = t.app.routeManifest.filter(
      (r) =>
        /^\/api\/(auth|waitlist|referral|admin\/(invite-codes|waitlist))/.test(r.url) &&
        r.method !== 'HEAD',
    )
    expect(mine.length).toBeGreaterThanOrEqual(17)
    for (const r of mine) {
      const path = r.url.replace(/:(\w+)/g, '{$1}')
      const op = doc.paths[path]?.[r.method.toLowerCase()]
      expect(op?.summary, `${r.method} ${r.url}`).toBeTruthy()
      expect(op?.tags?.length, `${r.method} ${r.url}`).toBeGreaterThan(0)
    }
  })
})
