/**
 * No credential in a request's log line (docs/product/privacy.md#logs). Every route the app
 * registered is called with a token-shaped value in each path parameter and in the query strings
 * that carry credentials (a reset `token`, an OAuth `code` and `state`); then a real invitation is
 * opened, its logo fetched and accepted, as the invitee's browser does. The captured log must hold
 * none of the secret values, and show `[redacted]` where they were.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REDACTED_SEGMENT } from '../src/lib/log-url'
import { insertAccount, setPlan, signIn, TEST_PASSWORD, uniqueEmail } from './factories'
import { mailedInvitationLink } from './mailed-links'
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'

/**
 * Path parameters that are not credentials: ids (uuids, useless without a session of their
 * business), a logo's content hash and the OAuth provider's name. Any other parameter must be
 * declared secret in its route's config.
 */
const NOT_SECRET_PARAMS = new Set(['id', 'alertId', 'hash', 'provider'])

/** The shape of the tokens the server hands out: 32 random bytes, base64url. */
const tokenShaped = () => randomBytes(32).toString('base64url')

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const routes = () => t.app.routeManifest.filter((r) => r.method !== 'HEAD')

describe('the log of a request whose URL carries a credential', () => {
  it('every path parameter is declared secret or known not to be a credential', () => {
    const undeclared = routes().flatMap((r) =>
      [...r.url.matchAll(/:(\w+)/g)]
        .map((m) => m[1]!)
        .filter((name) => !r.secretParams.includes(name) && !NOT_SECRET_PARAMS.has(name))
        .map((name) => `${r.method} ${r.url} :${name}`),
    )
    expect(undeclared).toEqual([])
    // The routes that take a token today, so a dropped declaration fails here too.
    const declared = routes()
      .filter((r) => r.secretParams.length > 0)
      .map((r) => `${r.method} ${r.url}`)
    expect(declared).toEqual(
      expect.arrayContaining([
        'GET /api/invite/:token',
        'GET /api/invite/:token/logo',
        'POST /api/invite/:token/accept',
        'GET /api/referral/validate/:code',
      ]),
    )
  })

  it('walks every route with token-shaped values: none of them reaches the log', async () => {
    const agent = t.agent()
    await agent.csrf()
    const secrets: string[] = []
    for (const r of routes()) {
      const path = r.url.replace(/:(\w+)/g, (_, name: string) => {
        const value = tokenShaped()
        if (r.secretParams.includes(name)) secrets.push(value)
        return value
      })
      const query = { token: tokenShaped(), code: tokenShaped(), state: tokenShaped() }
      secrets.push(...Object.values(query))
      await agent.request({
        method: r.method,
        url: `${path}?${new URLSearchParams(query).toString()}`,
        ...(r.method === 'GET' ? {} : { payload: {} }),
      })
    }
    expect(secrets.length).toBeGreaterThan(3 * routes().length)
    const log = t.logs()
    expect(log).toContain(`/api/invite/${REDACTED_SEGMENT}/accept`)
    expect(secrets.filter((s) => log.includes(s))).toEqual([])
  })

  it('a misspelt API path or a page that takes a token is redacted from the token on', async () => {
    const agent = t.agent()
    await agent.csrf()
    const secrets: string[] = []
    const spellings = [
      (s: string) => `/invite/${s}`,
      (s: string) => `/INVITE/${s}`,
      (s: string) => `/%69nvite/${s}/more`,
      (s: string) => `/api/invite/${s}/nothing-here`,
      (s: string) => `/API/Invite/${s}`,
      (s: string) => `/api/referral/validate/${s}/x`,
      (s: string) => `/reset-password?token=${s}`,
    ]
    for (const spell of spellings) {
      const secret = tokenShaped()
      secrets.push(secret)
      await agent.get(spell(secret))
      await agent.post(spell(secret), {})
    }
    const log = t.logs()
    expect(log).toContain(`"/invite/${REDACTED_SEGMENT}"`)
    expect(secrets.filter((s) => log.includes(s))).toEqual([])
  })

  it('a real invitation opened, its logo fetched and accepted leaves its token out of the log', async () => {
    const account = await insertAccount(t.database.db)
    await setPlan(t.database.db, account.businessId, 'professional')
    const owner = t.agent()
    await signIn(owner, account.email)
    const email = uniqueEmail('invitee')
    const since = t.smtp.messages.length
    const invited = await owner.post('/api/team/invite', {
      email,
      firstName: 'Jordan',
      lastName: 'Park',
    })
    expect(invited.statusCode).toBe(200)
    const { token } = await mailedInvitationLink(t.smtp, email, since)

    const invitee = t.agent()
    await invitee.get(`/invite/${token}`)
    expect((await invitee.get(`/api/invite/${token}`)).statusCode).toBe(200)
    await invitee.get(`/api/invite/${token}/logo`)
    await invitee.csrf()
    const accepted = await invitee.post(`/api/invite/${token}/accept`, {
      password: TEST_PASSWORD,
      firstName: 'Jordan',
      lastName: 'Park',
      therapistTitle: 'SLP',
      therapistPhone: '(555) 222-3333',
    })
    expect(accepted.statusCode).toBe(200)
    const log = t.logs()
    expect(log).toContain(`"/api/invite/${REDACTED_SEGMENT}"`)
    expect(log).not.toContain(token)
    expect(log).not.toContain(encodeURIComponent(token))
  })
})
