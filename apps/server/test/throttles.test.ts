/**
 * The throttles that need more than an address to hold (docs/product/limits.md#rate-limits): the
 * SMTP connection test per account from any address, wrong operator tokens per address, and
 * refused invitation links per address. Each answers 429 with Retry-After and the minutes to wait
 * in the product's words, and is audited without its key.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { connectionTestsLimited } from '@myodocs/shared/constants/email-messages'
import {
  OPERATOR_TOKEN_REQUIRED,
  operatorTokenFailuresLimited,
} from '@myodocs/shared/constants/messages'
import { invitationChecksLimited } from '@myodocs/shared/constants/team-messages'
import { auditEvents } from '../src/db/schema'
import { insertAccount, setPlan, signIn, TEST_PASSWORD, uniqueEmail } from './factories'
import { mailedInvitationLink } from './mailed-links'
import { createTestApp, TEST_ADMIN_TOKEN } from './test-app'
import type { TestApp } from './test-app'

const LIMIT = 3
const WINDOW_MS = 10 * 60_000
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => ({
      ...c,
      rateLimits: {
        ...c.rateLimits,
        emailTestUser: { max: LIMIT, windowMs: WINDOW_MS },
        operatorTokenIp: { max: LIMIT, windowMs: WINDOW_MS },
        invitationIp: { max: LIMIT, windowMs: WINDOW_MS },
      },
    }),
  })
})
afterAll(() => t.close())

let ip = 1
const nextIp = () => `198.51.100.${ip++}`

function expectLimited(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  message: (minutes: number) => string,
) {
  expect(res.statusCode).toBe(429)
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_MS / 1000)
  expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: message(10) })
}

const blocks = (route: string) =>
  t.database.db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'rate_limit.exceeded')))
    .then((rows) => rows.filter((r) => (r.details as { route?: string }).route === route))

describe('the SMTP connection test, per account', () => {
  it('counts an account’s tests from every address, and not another account’s', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    const test = () =>
      agent.request({
        method: 'POST',
        url: `/api/email/smtp-config/${randomUUID()}/test`,
        remoteAddress: nextIp(),
      })
    // Each from a new address, so the per-address limit never applies.
    for (let i = 0; i < LIMIT; i++) expect((await test()).statusCode).toBe(404)
    expectLimited(await test(), connectionTestsLimited)
    expect(await blocks('/api/email/smtp-config/:id/test')).toHaveLength(1)

    const other = await insertAccount(t.database.db)
    const otherAgent = t.agent()
    await signIn(otherAgent, other.email)
    const res = await otherAgent.post(`/api/email/smtp-config/${randomUUID()}/test`)
    expect(res.statusCode).toBe(404)
  })
})

describe('operator tokens', () => {
  const call = (authorization: string | undefined, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/ping',
      headers: authorization ? { authorization } : {},
      remoteAddress,
    })

  it('refuses even the right token from an address past the limit of wrong ones', async () => {
    const address = nextIp()
    for (let i = 0; i < LIMIT; i++) {
      const res = await call(`Bearer wrong-${i}`, address)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ message: OPERATOR_TOKEN_REQUIRED })
    }
    expectLimited(await call('Bearer wrong-again', address), operatorTokenFailuresLimited)
    expectLimited(await call(`Bearer ${TEST_ADMIN_TOKEN}`, address), operatorTokenFailuresLimited)
    // /metrics is behind the same token and the same count.
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      remoteAddress: address,
    })
    expect(metrics.statusCode).toBe(429)
    expect((await blocks('/api/admin/ping')).length).toBeGreaterThan(0)

    // Another address is not held back.
    expect((await call(`Bearer ${TEST_ADMIN_TOKEN}`, nextIp())).statusCode).toBe(200)
  })

  it('does not count a missing token or the right one', async () => {
    const address = nextIp()
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await call(undefined, address)).statusCode).toBe(401)
      expect((await call(`Bearer ${TEST_ADMIN_TOKEN}`, address)).statusCode).toBe(200)
    }
    expect((await call('Bearer wrong', address)).statusCode).toBe(401)
  })
})

describe('invitation links', () => {
  async function pendingInvitation() {
    const owner = await insertAccount(t.database.db)
    await setPlan(t.database.db, owner.businessId, 'professional')
    const agent = t.agent()
    await signIn(agent, owner.email)
    const email = uniqueEmail('invitee')
    const sent = await agent.post('/api/team/invite', {
      email,
      firstName: 'Jordan',
      lastName: 'Park',
    })
    expect(sent.statusCode, sent.body).toBe(200)
    return (await mailedInvitationLink(t.smtp, email)).token
  }

  it('counts refused links per address; a real link gives its count back', async () => {
    const token = await pendingInvitation()
    const address = nextIp()
    const open = (path: string) =>
      t.app.inject({ method: 'GET', url: path, remoteAddress: address })
    // The real link, opened again and again with its logo, never adds up.
    for (let i = 0; i < LIMIT + 2; i++)
      expect((await open(`/api/invite/${token}`)).statusCode).toBe(200)
    for (let i = 0; i < LIMIT; i++) {
      const guess = i % 2 ? `/api/invite/${randomUUID()}/logo` : `/api/invite/${randomUUID()}`
      expect((await open(guess)).statusCode).toBe(404)
    }
    expectLimited(await open(`/api/invite/${randomUUID()}`), invitationChecksLimited)
    // Past the limit even the real link waits, so guesses gain nothing.
    expectLimited(await open(`/api/invite/${token}`), invitationChecksLimited)
    expect((await blocks('/api/invite/:token')).length).toBeGreaterThan(0)

    // Acceptance from that address waits too; from another it joins.
    const held = t.agent()
    await held.csrf()
    const acceptBody = {
      password: TEST_PASSWORD,
      firstName: 'Jordan',
      lastName: 'Park',
      therapistTitle: 'SLP',
      therapistPhone: '(555) 222-3333',
    }
    const refused = await held.request({
      method: 'POST',
      url: `/api/invite/${token}/accept`,
      payload: acceptBody,
      remoteAddress: address,
    })
    expect(refused.statusCode).toBe(429)
    const joiner = t.agent()
    await joiner.csrf()
    const joined = await joiner.post(`/api/invite/${token}/accept`, acceptBody)
    expect(joined.statusCode, joined.body).toBe(200)
  })
})
