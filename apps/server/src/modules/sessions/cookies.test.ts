/**
 * The session cookies as the browser keeps them (docs/decisions/003-sessions.md): they outlive a
 * browser restart for as long as the server would honour the session, with every flag kept, and
 * sign-out clears them even when ending the session on the server fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, signIn } from '../../../test/factories'

const MINUTE = 60_000
const clock = fakeClock(new Date('2026-03-02T08:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

const cookie = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name)

async function signedInAgent() {
  const account = await insertAccount(t.database.db, { now: clock.now() })
  const agent = t.agent()
  const res = await signIn(agent, account.email)
  return { agent, res }
}

describe('the session cookies', () => {
  it('last the idle limit plus one access-token lifetime (4 h 15 min), renewed by each refresh, flags intact', async () => {
    const { agent, res } = await signedInAgent()
    const expected = (4 * 60 + 15) * 60
    for (const [name, path] of [
      ['myodocs_session', '/'],
      ['myodocs_refresh', '/api/auth'],
    ] as const) {
      expect(cookie(res, name)).toMatchObject({
        maxAge: expected,
        httpOnly: true,
        sameSite: 'Lax',
        path,
      })
    }
    clock.advance(16 * MINUTE)
    const refreshed = await agent.post('/api/auth/refresh')
    expect(refreshed.statusCode).toBe(200)
    expect(cookie(refreshed, 'myodocs_session')?.maxAge).toBe(expected)
    expect(cookie(refreshed, 'myodocs_refresh')?.maxAge).toBe(expected)
  })
})

describe('sign-out', () => {
  it('clears both cookies even when ending the session fails on the server', async () => {
    const { agent } = await signedInAgent()
    const db = t.database.db
    // A real database failure while the session is being ended.
    await db.execute(sql`
      create function refuse_session_update() returns trigger language plpgsql as $$
      begin raise exception 'sessions are read-only'; end $$`)
    await db.execute(sql`
      create trigger refuse_session_update before update on sessions
      for each row execute function refuse_session_update()`)
    try {
      const res = await agent.post('/api/auth/logout', { reason: 'user' })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toMatchObject({ success: false })
      for (const [name, path] of [
        ['myodocs_session', '/'],
        ['myodocs_refresh', '/api/auth'],
      ] as const) {
        const cleared = cookie(res, name)
        expect(cleared, name).toMatchObject({ value: '', path, httpOnly: true })
        expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now())
      }
    } finally {
      await db.execute(sql`drop trigger refuse_session_update on sessions`)
      await db.execute(sql`drop function refuse_session_update()`)
    }
    // The browser that dropped its cookies is signed out.
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401)
  })

  it('tells the browser to drop its cache and storage (Sign Out) or its cache only (idle), never its cookies', async () => {
    for (const [reason, expected] of [
      ['user', '"cache", "storage"'],
      ['idle', '"cache"'],
    ] as const) {
      const { agent } = await signedInAgent()
      const res = await agent.post('/api/auth/logout', { reason })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, data: { signedOut: true } })
      expect(res.headers['clear-site-data'], reason).toBe(expected)
      // The device cookie stays, so this browser is still a known one at its next sign-in.
      expect(cookie(res, 'myodocs_device')).toBeUndefined()
    }
  })
})

describe('cookie prefixes over HTTPS (COOKIE_SECURE)', () => {
  it('names every cookie __Host- (path /) or __Secure- (narrower path), and they still work', async () => {
    const secure = await createTestApp({ config: (c) => ({ ...c, cookieSecure: true }) })
    try {
      const account = await insertAccount(secure.database.db)
      const agent = secure.agent()
      await agent.csrf()
      const res = await signIn(agent, account.email)
      expect(res.statusCode).toBe(200)
      const names = res.cookies.map((c) => c.name).sort()
      expect(names).toEqual([
        '__Host-myodocs_device',
        '__Host-myodocs_session',
        '__Secure-myodocs_refresh',
      ])
      for (const c of res.cookies) {
        expect(c, c.name).toMatchObject({ secure: true, httpOnly: true })
        expect(c.domain, c.name).toBeUndefined()
        if (c.name.startsWith('__Host-')) expect(c.path).toBe('/')
      }
      expect(agent.cookie('__Host-myodocs_csrf')).toBeDefined()
      expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
      expect((await agent.post('/api/auth/refresh')).statusCode).toBe(200)
    } finally {
      await secure.close()
    }
  }, 90_000)
})
