/**
 * Registration throttling per invite code and per email (docs/product/limits.md): refused
 * attempts count, answered ones (a new or a registered address alike) do not.
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

const WEAK = 'Password1234!'

describe('POST /api/auth/register throttling', () => {
  it('stops one invite code after 3 refused registrations', async () => {
    const code = await newInviteCode(t.database.db, { uses: 10 })
    for (let i = 0; i < 3; i++) {
      const res = await register(registerPayload(code, { password: WEAK }))
      expect(res.statusCode).toBe(400)
    }
    const probe = await register(registerPayload(code))
    expect(probe.statusCode).toBe(429)
    expect(probe.headers['retry-after']).toBeDefined()
  })

  it('limits refused attempts for one email across codes, and counts no success', async () => {
    const email = uniqueEmail('refused')
    for (let i = 0; i < 3; i++) {
      const code = await newInviteCode(t.database.db)
      expect((await register(registerPayload(code, { email, password: WEAK }))).statusCode).toBe(
        400,
      )
    }
    const code = await newInviteCode(t.database.db)
    expect((await register(registerPayload(code, { email }))).statusCode).toBe(429)

    const team = await newInviteCode(t.database.db, { uses: 5 })
    for (let i = 0; i < 4; i++)
      expect(
        (await register(registerPayload(team, { email: uniqueEmail('team') }))).statusCode,
      ).toBe(200)
  })

  it('counts nothing against a registered address: its answers stay those of a new one', async () => {
    const taken = await insertAccount(t.database.db)
    const code = await newInviteCode(t.database.db, { uses: 10 })
    for (let i = 0; i < 5; i++)
      expect((await register(registerPayload(code, { email: taken.email }))).statusCode).toBe(200)
  })
})
