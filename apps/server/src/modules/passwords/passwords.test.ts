/**
 * The password calls: policy, validation with zxcvbn, the common list and the
 * breach check (against a real local server speaking the HIBP range format), and generation.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, signIn, TEST_PASSWORD } from '../../../test/factories'

/** A password only the local breach server knows as breached. */
const BREACHED = 'Zq7!Breached-Only-Here'
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex').toUpperCase()

let rangeServer: Server
let rangeUrl: string
const rangeRequests: string[] = []
let slowServer: Server
let slowUrl: string

beforeAll(async () => {
  rangeServer = createServer((req, res) => {
    rangeRequests.push(req.url ?? '')
    const prefix = (req.url ?? '').split('/').pop() ?? ''
    const hash = sha1(BREACHED)
    const lines = ['0018A45C4D1DEF81644B54AB7F969B88D65:0', '00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2']
    if (hash.startsWith(prefix)) lines.push(`${hash.slice(5)}:12345`)
    // A padding line carrying the suffix of the test password with count 0 must not count.
    if (sha1(TEST_PASSWORD).startsWith(prefix)) lines.push(`${sha1(TEST_PASSWORD).slice(5)}:0`)
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(lines.join('\r\n'))
  })
  await new Promise<void>((r) => rangeServer.listen(0, '127.0.0.1', r))
  rangeUrl = `http://127.0.0.1:${(rangeServer.address() as AddressInfo).port}/range`
  slowServer = createServer((_req, res) => {
    setTimeout(() => res.end('ignored'), 2_000).unref()
  })
  await new Promise<void>((r) => slowServer.listen(0, '127.0.0.1', r))
  slowUrl = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}/range`
})
afterAll(async () => {
  rangeServer.close()
  slowServer.closeAllConnections()
  slowServer.close()
})

async function appWithBreachUrl(url: string | undefined) {
  return createTestApp({
    config: (c) => ({
      ...c,
      breachCheckUrl: url,
      auth: { ...c.auth, breachCheckTimeoutMs: 300 },
    }),
  })
}

type Validation = {
  isValid: boolean
  score: number
  feedback: string[]
  requirements: Record<string, boolean>
  breachCheck: string
}

async function validate(t: TestApp, password: string, agent = t.agent()) {
  if (!agent.csrfToken) await agent.csrf()
  const res = await agent.post('/api/auth/validate-password', { password })
  expect(res.statusCode).toBe(200)
  return res.json<{ data: { validation: Validation } }>().data.validation
}

describe('with a breach-check server', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await appWithBreachUrl(rangeUrl)
  })
  afterAll(() => t.close())

  it('GET /api/auth/password-policy answers the default policy', async () => {
    const res = await t.app.inject({ url: '/api/auth/password-policy' })
    expect(res.json()).toEqual({
      success: true,
      data: {
        policy: {
          minLength: 12,
          requireUpperCase: true,
          requireLowerCase: true,
          requireNumbers: true,
          requireSpecialChars: true,
          historyCount: 5,
          checkBreaches: true,
          checkCommonPasswords: true,
        },
      },
    })
  })

  it('passes a strong password, sending only 5 hex characters of its SHA-1', async () => {
    rangeRequests.length = 0
    const v = await validate(t, TEST_PASSWORD)
    expect(v).toMatchObject({ isValid: true, breachCheck: 'passed' })
    expect(v.score).toBeGreaterThanOrEqual(3)
    expect(Object.values(v.requirements).every(Boolean)).toBe(true)
    expect(rangeRequests).toEqual([`/range/${sha1(TEST_PASSWORD).slice(0, 5)}`])
  })

  it('fails a breached password with notBreached false', async () => {
    const v = await validate(t, BREACHED)
    expect(v).toMatchObject({ isValid: false, breachCheck: 'breached' })
    expect(v.requirements.notBreached).toBe(false)
    expect(v.feedback.join(' ')).toMatch(/data breach/)
  })

  it.each([
    ['Short1!a', 'minLength'],
    ['lowercase-only-12!', 'hasUpperCase'],
    ['Password1234!', 'notCommon'],
    ['MySunshine-Clinic9', 'notCommon'],
  ])('fails %s on %s, with feedback and a low score', async (password, requirement) => {
    const v = await validate(t, password)
    expect(v.isValid).toBe(false)
    expect(v.requirements[requirement]).toBe(false)
    expect(v.feedback.length).toBeGreaterThan(0)
    expect(v.score).toBeLessThanOrEqual(1)
  })

  it('passes a four-word passphrase containing a common word, with a strong score', async () => {
    const v = await validate(t, 'Quartz-Lantern-Oboe-73!')
    expect(v.requirements.notCommon).toBe(true)
    expect(v.isValid).toBe(true)
    expect(v.score).toBeGreaterThanOrEqual(3)
  })

  it('checks the last passwords of a signed-in user (notInHistory)', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    const v = await validate(t, TEST_PASSWORD, agent)
    expect(v.requirements.notInHistory).toBe(false)
    expect(v.isValid).toBe(false)
    // Signed out, the same password is fine (no history to compare with).
    expect((await validate(t, TEST_PASSWORD)).requirements.notInHistory).toBe(true)
  })

  it('refuses a password over 128 characters with 400, and needs the CSRF token', async () => {
    const agent = t.agent()
    await agent.csrf()
    const long = await agent.post('/api/auth/validate-password', { password: 'Aa1!'.repeat(33) })
    expect(long.statusCode).toBe(400)
    const noToken = await agent.request({
      method: 'POST',
      url: '/api/auth/validate-password',
      payload: { password: 'x' },
      csrf: false,
    })
    expect(noToken.statusCode).toBe(403)
  })

  it('POST /api/auth/generate-secure-password: 16 by default, clamped to 12–128, valid', async () => {
    const agent = t.agent()
    await agent.csrf()
    const gen = async (body?: unknown) => {
      const res = await agent.post('/api/auth/generate-secure-password', body)
      expect(res.statusCode).toBe(200)
      return res.json<{ data: { password: string } }>().data.password
    }
    expect(await gen()).toHaveLength(16)
    expect(await gen({})).toHaveLength(16)
    expect(await gen({ length: 3 })).toHaveLength(12)
    expect(await gen({ length: 40 })).toHaveLength(40)
    expect(await gen({ length: 9999 })).toHaveLength(128)
    const p = await gen()
    expect((await validate(t, p)).isValid).toBe(true)
    const bad = await agent.post('/api/auth/generate-secure-password', { length: 'long' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('without a usable breach-check server', () => {
  it.each([
    ['unset', () => undefined],
    ['unreachable', () => 'http://127.0.0.1:1/range'],
    ['too slow', () => slowUrl],
  ])('%s: reports unknown and does not block', async (label, url) => {
    const t = await appWithBreachUrl(url())
    try {
      const v = await validate(t, TEST_PASSWORD)
      expect(v).toMatchObject({ isValid: true, breachCheck: 'unknown' })
      expect(v.requirements.notBreached).toBe(true)
      // A note when the configured service failed; none when it is deliberately off.
      const note = /breached-password check is unavailable/
      if (label === 'unset') expect(v.feedback.join(' ')).not.toMatch(note)
      else expect(v.feedback.join(' ')).toMatch(note)
      // The breached password is only caught by the server that knows it.
      expect((await validate(t, BREACHED)).isValid).toBe(true)
    } finally {
      await t.close()
    }
  })

  it('the policy reports checkBreaches false when no server is configured', async () => {
    const t = await appWithBreachUrl(undefined)
    try {
      const res = await t.app.inject({ url: '/api/auth/password-policy' })
      expect(res.json()).toMatchObject({ data: { policy: { checkBreaches: false } } })
    } finally {
      await t.close()
    }
  })
})
