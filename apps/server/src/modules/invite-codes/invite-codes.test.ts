/**
 * Invite codes: validation (case-insensitive; unknown, used-up, expired → 400
 * INVALID_INVITE_CODE), per-IP throttling, and the operator's create and list calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditEvents } from '../../db/schema'
import { INVITE_CODE_ALPHABET } from '@myodocs/shared/domain/invite-code'
import { registerThroughMail } from '../../../test/mailed-links'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { newInviteCode, registerPayload } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => ({
      ...c,
      rateLimits: { ...c.rateLimits, inviteCodeIp: { max: 4, windowMs: 60_000 } },
    }),
  })
})
afterAll(() => t.close())

const DAY = 86_400_000
let ip = 1
async function validate(inviteCode: unknown, remoteAddress = `203.0.113.${ip++}`) {
  const agent = t.agent()
  await agent.csrf()
  return agent.request({
    method: 'POST',
    url: '/api/auth/validate-invite-code',
    payload: { inviteCode },
    remoteAddress,
  })
}

const invalid = {
  success: false,
  code: 'INVALID_INVITE_CODE',
  message: 'Invalid invite code. Please check and try again.',
}

describe('POST /api/auth/validate-invite-code', () => {
  it('accepts a valid code in any case, with spaces or dashes, without using it', async () => {
    const code = await newInviteCode(t.database.db)
    for (const typed of [code, code.toLowerCase(), ` ${code.slice(0, 5)}-${code.slice(5)} `]) {
      const res = await validate(typed)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, data: { valid: true } })
    }
    const list = await t.admin('GET', '/api/admin/invite-codes')
    const row = list
      .json<{ data: { codes: Array<{ code: string; uses: number }> } }>()
      .data.codes.find((c) => c.code === code)
    expect(row!.uses).toBe(0)
  })

  it('refuses unknown, malformed, used-up and expired codes alike', async () => {
    const usedUp = await newInviteCode(t.database.db)
    const reg = await registerThroughMail(t.agent(), t.smtp, registerPayload(usedUp))
    expect(reg.statusCode).toBe(200)
    const expired = await newInviteCode(
      t.database.db,
      { expiresInDays: 1 },
      new Date(Date.now() - 2 * DAY),
    )
    for (const code of ['ABCDEFGHJK', 'O0O0O0O0O0', 'short', usedUp, expired]) {
      const res = await validate(code)
      expect(res.statusCode, code).toBe(400)
      expect(res.json()).toMatchObject(invalid)
    }
  })

  it('requires a code', async () => {
    const res = await validate('')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { inviteCode: 'Invite code is required' },
    })
  })

  it('throttles guessing per IP (429 with Retry-After and the minutes to wait)', async () => {
    const from = '192.0.2.77'
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await validate('ABCDEFGHJK', from)).statusCode)
    expect(statuses).toEqual([400, 400, 400, 400, 429])
    const blocked = await validate('ABCDEFGHJK', from)
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many invite code attempts from this network. Please try again in 1 minute.',
    })
    await expect
      .poll(async () =>
        (
          await t.database.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'rate_limit.exceeded'), eq(auditEvents.ip, from)))
        ).map((r) => r.details),
      )
      .toEqual([
        { route: '/api/auth/validate-invite-code' },
        { route: '/api/auth/validate-invite-code' },
      ])
  })

  it('does not count valid codes against the limit', async () => {
    const from = '192.0.2.78'
    const code = await newInviteCode(t.database.db)
    const statuses = []
    for (let i = 0; i < 8; i++) statuses.push((await validate(code, from)).statusCode)
    for (let i = 0; i < 4; i++) statuses.push((await validate('ABCDEFGHJK', from)).statusCode)
    statuses.push((await validate(code, from)).statusCode)
    expect(statuses).toEqual([...Array(8).fill(200), 400, 400, 400, 400, 429])
  })
})

describe('the operator API for invite codes', () => {
  it('needs the bearer token', async () => {
    const res = await t.agent().request({ method: 'GET', url: '/api/admin/invite-codes' })
    expect(res.statusCode).toBe(401)
    const agent = t.agent()
    await agent.csrf()
    expect((await agent.post('/api/admin/invite-codes', {})).statusCode).toBe(401)
  })

  it('creates a one-use code of 10 unambiguous upper-case characters by default', async () => {
    const res = await t.admin('POST', '/api/admin/invite-codes', {})
    expect(res.statusCode).toBe(200)
    const { code } = res.json<{ data: { code: string } }>().data
    expect(code).toHaveLength(10)
    expect([...code].every((c) => INVITE_CODE_ALPHABET.includes(c))).toBe(true)
    const list = await t.admin('GET', '/api/admin/invite-codes')
    expect(list.json<{ data: { codes: unknown[] } }>().data.codes).toContainEqual(
      expect.objectContaining({ code, maxUses: 1, uses: 0, expiresAt: null, note: null }),
    )
  })

  it('takes uses, an expiry in days and a note', async () => {
    const res = await t.admin('POST', '/api/admin/invite-codes', {
      uses: 3,
      expiresInDays: 7,
      note: 'conference',
    })
    const { code } = res.json<{ data: { code: string } }>().data
    const list = await t.admin('GET', '/api/admin/invite-codes')
    const row = list
      .json<{
        data: { codes: Array<{ code: string; expiresAt: string; maxUses: number; note: string }> }
      }>()
      .data.codes.find((c) => c.code === code)!
    expect(row).toMatchObject({ maxUses: 3, note: 'conference' })
    const days = (Date.parse(row.expiresAt) - Date.now()) / DAY
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThan(7.1)
    const bad = await t.admin('POST', '/api/admin/invite-codes', { uses: 0 })
    expect(bad.statusCode).toBe(400)
  })

  it('lets a 2-use code register twice, then refuses it', async () => {
    const { code } = (await t.admin('POST', '/api/admin/invite-codes', { uses: 2 })).json<{
      data: { code: string }
    }>().data
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const res = await registerThroughMail(t.agent(), t.smtp, registerPayload(code))
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([200, 200, 400])
  })
})
