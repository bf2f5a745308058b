/**
 * Registration throttling per invite code and per email (docs/product/limits.md): one invite code
 * cannot be used to learn which emails have accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, newInviteCode, registerPayload, uniqueEmail } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => ({
      ...c,
      rateLimits: {
        ...c.rateLimits,
        authIp: { max: 1_000, windowMs: 60_000 },
        registerInviteCode: { max: 3, windowMs: 60_000 },
        registerEmail: { max: 3, windowMs: 60_000 },
      },
    }),
  })
})
afterAll(() => t.close())

let ip = 1
const register = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
    remoteAddress: `198.51.100.${ip++}`,
  })

describe('POST /api/auth/register throttling', () => {
  it('stops one invite code from probing registered emails after 3 refusals', async () => {
    const code = await newInviteCode(t.database.db, { uses: 10 })
    for (let i = 0; i < 3; i++) {
      const taken = await insertAccount(t.database.db)
      const res = await register(registerPayload(code, { email: taken.email }))
      expect(res.statusCode).toBe(409)
    }
    const taken = await insertAccount(t.database.db)
    const probe = await register(registerPayload(code, { email: taken.email }))
    expect(probe.statusCode).toBe(429)
    expect(probe.headers['retry-after']).toBeDefined()
    // The answer no longer tells a registered email from a new one.
    const fresh = await register(registerPayload(code, { email: uniqueEmail('fresh') }))
    expect(fresh.statusCode).toBe(429)
  })

  it('limits refused attempts for one email across codes, and counts no success', async () => {
    const taken = await insertAccount(t.database.db)
    for (let i = 0; i < 3; i++) {
      const code = await newInviteCode(t.database.db)
      expect((await register(registerPayload(code, { email: taken.email }))).statusCode).toBe(409)
    }
    const code = await newInviteCode(t.database.db)
    expect((await register(registerPayload(code, { email: taken.email }))).statusCode).toBe(429)

    const team = await newInviteCode(t.database.db, { uses: 5 })
    for (let i = 0; i < 4; i++)
      expect(
        (await register(registerPayload(team, { email: uniqueEmail('team') }))).statusCode,
      ).toBe(200)
  })
})
