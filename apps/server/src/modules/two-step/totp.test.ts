/**
 * Two-step sign-in with an authenticator app and recovery codes
 * (docs/product/accounts.md#two-step-sign-in), through the API on a real database: enrolment with a
 * code computed as an app would, the password step that opens no session, the ±1 step window, a
 * code refused the second time, recovery codes, the throttle, the known browser that does not
 * skip, the reset link and the accepted invitation that still ask, and nothing secret at rest or
 * in the logs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditEvents, recoveryCodes, userTotp } from '../../db/schema'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { mailedInvitationLink, mailedResetLink } from '../../../test/mailed-links'
import {
  insertAccount,
  insertMember,
  setPlan,
  signIn,
  TEST_PASSWORD,
} from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import { totpCode } from './codes'

const STEP = 30_000
const clock = fakeClock(new Date('2026-12-07T09:00:10Z'))
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    config: (c) => ({
      ...c,
      rateLimits: {
        ...c.rateLimits,
        secondStepUser: { max: 8, windowMs: 15 * 60_000 },
        authIp: { max: 1_000, windowMs: 60_000 },
      },
    }),
  })
})
afterAll(() => t.close())

type Json = Record<string, unknown>
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: Json }>().data

async function browser(): Promise<TestAgent> {
  const a = t.agent()
  await a.csrf()
  return a
}

const passwordStep = (a: TestAgent, account: TestAccount) =>
  a.post('/api/auth/login', { email: account.email, password: TEST_PASSWORD })

/** A signed-in account with a confirmed authenticator app; answers its secret and codes. */
async function enrolled(existing?: TestAccount) {
  const account = existing ?? (await insertAccount(t.database.db))
  const a = await browser()
  expect((await passwordStep(a, account)).statusCode).toBe(200)
  const setup = await a.post('/api/auth/mfa/totp/setup')
  expect(setup.statusCode, setup.body).toBe(200)
  const { secret, otpauthUrl } = dataOf(setup) as { secret: string; otpauthUrl: string }
  const confirm = await a.post('/api/auth/mfa/totp/confirm', {
    code: totpCode(secret, clock.now()),
  })
  expect(confirm.statusCode, confirm.body).toBe(200)
  const codes = (dataOf(confirm) as { recoveryCodes: string[] }).recoveryCodes
  clock.advance(STEP) // the confirming code is spent; sign-ins below use later steps
  return { account, secret, otpauthUrl, codes, agent: a }
}

describe('authenticator app enrolment', () => {
  it('sets up with a key and an otpauth address, confirms with a first code, answers ten recovery codes once', async () => {
    const account = await insertAccount(t.database.db)
    const a = await browser()
    await passwordStep(a, account)
    const setup = await a.post('/api/auth/mfa/totp/setup')
    const { secret, otpauthUrl } = dataOf(setup) as { secret: string; otpauthUrl: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/MyoDocs:/)
    expect(otpauthUrl).toContain(`secret=${secret}`)
    expect(otpauthUrl).toContain('issuer=MyoDocs')

    // Not yet in force: signing in asks for nothing more.
    const other = await browser()
    expect(dataOf(await passwordStep(other, account)).user).toBeDefined()

    const wrong = await a.post('/api/auth/mfa/totp/confirm', { code: '000000' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { code: expect.any(String) },
    })

    const ok = await a.post('/api/auth/mfa/totp/confirm', { code: totpCode(secret, clock.now()) })
    expect(ok.statusCode).toBe(200)
    const codes = (dataOf(ok) as { recoveryCodes: string[] }).recoveryCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const c of codes) expect(c).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/)

    // At rest: the key sealed, the codes hashed.
    const [row] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, account.id))
    expect(row!.confirmedAt).not.toBeNull()
    expect(row!.secretSealed).not.toContain(secret)
    const stored = JSON.stringify(
      await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, account.id)),
    )
    for (const c of codes) {
      expect(stored).not.toContain(c)
      expect(stored).not.toContain(c.replace('-', ''))
    }
    // Never in a log line either.
    const logs = t.logs()
    expect(logs).not.toContain(secret)
    for (const c of codes) expect(logs).not.toContain(c)

    // A second setup while one is in force is refused.
    expect((await a.post('/api/auth/mfa/totp/setup')).statusCode).toBe(409)
    const status = dataOf(await a.get('/api/auth/mfa'))
    expect(status).toMatchObject({ totp: true, passkeys: [], recoveryCodesRemaining: 10 })
    clock.advance(STEP)
  })
})

describe('signing in with an authenticator app', () => {
  it('the password answers mfaRequired with no session; a current code completes it', async () => {
    const { account, secret } = await enrolled()
    const a = await browser()
    const first = await passwordStep(a, account)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({
      success: true,
      data: { mfaRequired: true, methods: ['totp', 'recovery'] },
    })
    const names = (first.cookies as Array<{ name: string }>).map((c) => c.name)
    expect(names).not.toContain('myodocs_session')
    expect(names).not.toContain('myodocs_refresh')
    expect(names).not.toContain('myodocs_device')
    expect((await a.get('/api/auth/me')).statusCode).toBe(401)

    const done = await a.post('/api/auth/mfa/verify', { code: totpCode(secret, clock.now()) })
    expect(done.statusCode, done.body).toBe(200)
    expect((dataOf(done).user as Json).id).toBe(account.id)
    expect(a.cookie('myodocs_session')).toBeDefined()
    expect(a.cookie('myodocs_device')).toBeDefined()
    expect((await a.get('/api/auth/me')).statusCode).toBe(200)

    // The sign-in in progress was single use.
    const again = await a.post('/api/auth/mfa/verify', { code: totpCode(secret, clock.now()) })
    expect(again.statusCode).toBe(401)
    expect(again.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('refuses a code used once already, accepts ±1 step and nothing further', async () => {
    const { account, secret } = await enrolled()
    const used = totpCode(secret, clock.now())
    const a = await browser()
    await passwordStep(a, account)
    expect((await a.post('/api/auth/mfa/verify', { code: used })).statusCode).toBe(200)

    const b = await browser()
    await passwordStep(b, account)
    const reused = await b.post('/api/auth/mfa/verify', { code: used })
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toMatchObject({ code: 'INVALID_TWO_STEP_CODE' })

    // Two steps later: the code of the previous step still works (clock drift)...
    clock.advance(2 * STEP)
    const previous = totpCode(secret, new Date(clock.now().getTime() - STEP))
    expect((await b.post('/api/auth/mfa/verify', { code: previous })).statusCode).toBe(200)
    // ...and the one of two steps ago does not.
    clock.advance(3 * STEP)
    const c = await browser()
    await passwordStep(c, account)
    const stale = totpCode(secret, new Date(clock.now().getTime() - 2 * STEP))
    expect((await c.post('/api/auth/mfa/verify', { code: stale })).statusCode).toBe(401)
    const next = totpCode(secret, new Date(clock.now().getTime() + STEP))
    expect((await c.post('/api/auth/mfa/verify', { code: next })).statusCode).toBe(200)
    clock.advance(2 * STEP)
  })

  it('a known browser (device cookie) still takes the second step', async () => {
    const { account, secret, agent } = await enrolled()
    expect(agent.cookie('myodocs_device')).toBeDefined()
    await agent.post('/api/auth/logout', {})
    const res = await passwordStep(agent, account)
    expect(dataOf(res)).toMatchObject({ mfaRequired: true })
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401)
    expect(
      (await agent.post('/api/auth/mfa/verify', { code: totpCode(secret, clock.now()) }))
        .statusCode,
    ).toBe(200)
    clock.advance(STEP)
  })

  it('a recovery code signs in once and says how many remain', async () => {
    const { account, codes } = await enrolled()
    const a = await browser()
    await passwordStep(a, account)
    const res = await a.post('/api/auth/mfa/verify', { recoveryCode: codes[3]!.toLowerCase() })
    expect(res.statusCode, res.body).toBe(200)
    expect(dataOf(res)).toMatchObject({ recoveryCodesRemaining: 9 })

    const b = await browser()
    await passwordStep(b, account)
    const again = await b.post('/api/auth/mfa/verify', { recoveryCode: codes[3] })
    expect(again.statusCode).toBe(401)
    const used = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, account.id))
    const event = used.find((e) => e.action === 'auth.recovery_code_used')
    expect(event?.details).toEqual({ remaining: 9 })
    expect(JSON.stringify(used)).not.toContain(codes[3])

    // New codes replace the old ones.
    const regenerated = await a.post('/api/auth/mfa/recovery-codes')
    const fresh = (dataOf(regenerated) as { recoveryCodes: string[] }).recoveryCodes
    expect(fresh).toHaveLength(10)
    expect((await b.post('/api/auth/mfa/verify', { recoveryCode: codes[4] })).statusCode).toBe(401)
    expect((await b.post('/api/auth/mfa/verify', { recoveryCode: fresh[0] })).statusCode).toBe(200)
  })

  it('five wrong codes end the sign-in; the account limit answers 429 even to the right code', async () => {
    const { account, secret } = await enrolled()
    const a = await browser()
    await passwordStep(a, account)
    for (let i = 0; i < 5; i++)
      expect((await a.post('/api/auth/mfa/verify', { code: '000000' })).statusCode).toBe(401)
    const ended = await a.post('/api/auth/mfa/verify', { code: totpCode(secret, clock.now()) })
    expect(ended.json()).toMatchObject({ code: 'UNAUTHORIZED' })

    await passwordStep(a, account)
    for (let i = 0; i < 3; i++) await a.post('/api/auth/mfa/verify', { code: '000000' })
    // 8 wrong codes for the account within the window: blocked, the right code included.
    const blocked = await a.post('/api/auth/mfa/verify', { code: totpCode(secret, clock.now()) })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBeDefined()
    expect(a.cookie('myodocs_session')).toBeUndefined()
    clock.advance(STEP)
  })

  it('a sign-in in progress lapses after 5 minutes', async () => {
    const { account, secret } = await enrolled()
    const a = await browser()
    await passwordStep(a, account)
    clock.advance(5 * 60_000 + 1_000)
    const res = await a.post('/api/auth/mfa/verify', { code: totpCode(secret, clock.now()) })
    expect(res.statusCode).toBe(401)
    clock.advance(STEP)
  })

  it('a password reset still asks for the second step', async () => {
    const { account, secret } = await enrolled()
    const a = await browser()
    const sentAt = t.smtp.messages.length
    await a.post('/api/auth/forgot-password', { email: account.email })
    const { token } = await mailedResetLink(t.smtp, account.email, sentAt)
    const reset = await a.post('/api/auth/reset-password', {
      token,
      newPassword: 'Fresh-Lantern-Oboe-73!',
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect(dataOf(reset)).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'] })
    expect(a.cookie('myodocs_session')).toBeUndefined()
    const done = await a.post('/api/auth/mfa/verify', { code: totpCode(secret, clock.now()) })
    expect(done.statusCode).toBe(200)
    clock.advance(STEP)
  })

  it('an accepted invitation still asks a returning member for the second step', async () => {
    const owner = await insertAccount(t.database.db)
    await setPlan(t.database.db, owner.businessId, 'professional')
    const { account, secret } = await enrolled(await insertMember(t.database.db, owner.businessId))
    const holder = await browser()
    await signIn(holder, owner.email)
    const sentAt = t.smtp.messages.length
    expect((await holder.put(`/api/team/${account.id}/deactivate`)).statusCode).toBe(200)
    const invited = await holder.post('/api/team/invite', {
      email: account.email,
      firstName: 'Jordan',
      lastName: 'Park',
    })
    expect(invited.statusCode, invited.body).toBe(200)
    const { token } = await mailedInvitationLink(t.smtp, account.email, sentAt)

    const a = await browser()
    const accepted = await a.post(`/api/invite/${token}/accept`, {
      password: 'Fresh-Lantern-Oboe-73!',
      firstName: 'Jordan',
      lastName: 'Park',
      therapistTitle: 'SLP',
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({
      success: true,
      data: { mfaRequired: true, methods: ['totp', 'recovery'] },
    })
    expect(a.cookie('myodocs_session')).toBeUndefined()
    expect(a.cookie('myodocs_refresh')).toBeUndefined()
    expect((await a.get('/api/auth/me')).statusCode).toBe(401)

    const wrong = totpCode(secret, new Date(clock.now().getTime() + 40 * STEP))
    const refused = await a.post('/api/auth/mfa/verify', { code: wrong })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({ code: 'INVALID_TWO_STEP_CODE' })
    expect(a.cookie('myodocs_session')).toBeUndefined()

    const done = await a.post('/api/auth/mfa/verify', { code: totpCode(secret, clock.now()) })
    expect(done.statusCode, done.body).toBe(200)
    expect((dataOf(done).user as Json).id).toBe(account.id)
    expect(a.cookie('myodocs_session')).toBeDefined()
    expect((await a.get('/api/auth/me')).statusCode).toBe(200)
    clock.advance(STEP)
  })

  it('removing the app removes the second step and the recovery codes', async () => {
    const { account, agent } = await enrolled()
    const res = await agent.delete('/api/auth/mfa/totp')
    expect(res.statusCode, res.body).toBe(200)
    expect(dataOf(await agent.get('/api/auth/mfa'))).toMatchObject({
      totp: false,
      recoveryCodesRemaining: 0,
    })
    const a = await browser()
    expect(dataOf(await passwordStep(a, account)).user).toBeDefined()
    expect((await agent.delete('/api/auth/mfa/totp')).statusCode).toBe(409)
  })
})

describe('what a second step leaves behind', () => {
  it('no key, code or recovery code typed reaches a log line or an audit event', async () => {
    const { account, secret, codes } = await enrolled()
    const typed: string[] = [secret, ...codes, ...codes.map((c) => c.replace('-', ''))]
    const a = await browser()
    await passwordStep(a, account)
    // A wrong code that looks right (a step far away), then the right one, then a recovery code.
    const wrong = totpCode(secret, new Date(clock.now().getTime() + 40 * STEP))
    const right = totpCode(secret, clock.now())
    typed.push(wrong, right)
    expect((await a.post('/api/auth/mfa/verify', { code: wrong })).statusCode).toBe(401)
    expect((await a.post('/api/auth/mfa/verify', { code: right })).statusCode).toBe(200)
    const b = await browser()
    await passwordStep(b, account)
    expect((await b.post('/api/auth/mfa/verify', { recoveryCode: codes[0] })).statusCode).toBe(200)
    clock.advance(STEP)

    const events = JSON.stringify(
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorId, account.id)),
    )
    expect(events).toContain('auth.recovery_code_used')
    const logs = t.logs()
    expect(logs).toContain('/api/auth/mfa/verify') // the log saw these calls
    for (const s of typed) {
      expect(events).not.toContain(s)
      expect(logs).not.toContain(s)
    }
  })
})
