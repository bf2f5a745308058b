/**
 * The session lifecycle on a fake clock (docs/decisions/003-sessions.md): access-token expiry and
 * refresh, the 4 h idle and 12 h absolute boundaries to the second, refresh-token rotation with
 * the two-tab grace and reuse detection, and the drafts key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditEvents, sessions } from '../../db/schema'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { insertAccount, signIn } from '../../../test/factories'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

const clock = fakeClock(new Date('2026-03-02T08:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

async function signedInAgent() {
  const account = await insertAccount(t.database.db, { now: clock.now() })
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

const refresh = (agent: TestAgent) => agent.post('/api/auth/refresh')

describe('the access token', () => {
  it('lapses after 15 minutes with 401 TOKEN_EXPIRED; a refresh makes the retried call work', async () => {
    const { agent } = await signedInAgent()
    clock.advance(15 * MINUTE - SECOND)
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
    clock.advance(2 * SECOND)
    const lapsed = await agent.get('/api/auth/me')
    expect(lapsed.statusCode).toBe(401)
    expect(lapsed.json()).toMatchObject({ success: false, code: 'TOKEN_EXPIRED' })

    const oldAccess = agent.cookie('myodocs_session')
    const oldRefresh = agent.cookie('myodocs_refresh')
    const res = await refresh(agent)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { refreshed: true } })
    expect(agent.cookie('myodocs_session')).not.toBe(oldAccess)
    expect(agent.cookie('myodocs_refresh')).not.toBe(oldRefresh)
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
  })

  it('refresh needs the refresh cookie and the CSRF token', async () => {
    const { agent } = await signedInAgent()
    const noCsrf = await agent.request({ method: 'POST', url: '/api/auth/refresh', csrf: false })
    expect(noCsrf.statusCode).toBe(403)
    const stranger = t.agent()
    await stranger.csrf()
    const res = await refresh(stranger)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('the idle timeout (4 h, HIPAA automatic logoff)', () => {
  it('4 h − 1 s without activity: the session still refreshes', async () => {
    const { agent } = await signedInAgent()
    clock.advance(4 * HOUR - SECOND)
    expect((await refresh(agent)).statusCode).toBe(200)
  })

  it('4 h + 1 s without activity: 401 SESSION_EXPIRED, the row revoked, audited', async () => {
    const { agent, account } = await signedInAgent()
    clock.advance(4 * HOUR + SECOND)
    const res = await refresh(agent)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
    expect(agent.cookie('myodocs_session')).toBeUndefined()
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id))
    expect(row).toMatchObject({ revokedReason: 'idle' })
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, account.id), eq(auditEvents.action, 'auth.idle_timeout')))
    expect(audit).toHaveLength(1)
  })

  it('activity moves the boundary: me (the keep-alive) records it', async () => {
    const { agent } = await signedInAgent()
    clock.advance(10 * MINUTE)
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
    clock.advance(4 * HOUR - SECOND)
    expect((await refresh(agent)).statusCode).toBe(200)
  })

  it('also ends a session whose access token is still valid', async () => {
    const idle = await createTestApp({
      now: clock.now,
      config: (c) => ({ ...c, auth: { ...c.auth, accessTokenTtlMs: 5 * HOUR } }),
    })
    try {
      const account = await insertAccount(idle.database.db, { now: clock.now() })
      const agent = idle.agent()
      await signIn(agent, account.email)
      clock.advance(4 * HOUR)
      const res = await agent.get('/api/auth/me')
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
    } finally {
      await idle.close()
    }
  })
})

describe('the absolute lifetime (12 h)', () => {
  it('ends the session 12 h after sign-in even when active', async () => {
    const { agent } = await signedInAgent()
    for (let i = 0; i < 3; i++) {
      clock.advance(3 * HOUR + 59 * MINUTE)
      expect((await refresh(agent)).statusCode, `refresh ${i}`).toBe(200)
    }
    clock.advance(12 * HOUR - 3 * (3 * HOUR + 59 * MINUTE) - SECOND)
    expect((await refresh(agent)).statusCode).toBe(200)
    clock.advance(2 * SECOND)
    const res = await refresh(agent)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
  })
})

describe('refresh-token rotation', () => {
  it('two tabs refreshing at once both succeed with the same new pair', async () => {
    const { agent } = await signedInAgent()
    const cookie = `myodocs_refresh=${agent.cookie('myodocs_refresh')}; myodocs_csrf=${agent.cookie('myodocs_csrf')}`
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie, 'x-csrf-token': agent.csrfToken! },
      })
    const [a, b] = await Promise.all([call(), call()])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    const pair = (r: typeof a) =>
      r.cookies
        .filter((c) => c.name.startsWith('myodocs_'))
        .map((c) => `${c.name}=${c.value}`)
        .sort()
    expect(pair(a)).toHaveLength(2)
    expect(pair(b)).toEqual(pair(a))
    const access = a.cookies.find((c) => c.name === 'myodocs_session')!.value
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { cookie: `myodocs_session=${access}` },
    })
    expect(me.statusCode).toBe(200)
  })

  it('a repeat within 30 s after the pair moved on changes nothing', async () => {
    const { agent } = await signedInAgent()
    const first = agent.cookie('myodocs_refresh')
    expect((await refresh(agent)).statusCode).toBe(200)
    expect((await refresh(agent)).statusCode).toBe(200)
    const current = agent.cookie('myodocs_refresh')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: {
        cookie: `myodocs_refresh=${first}; myodocs_csrf=${agent.cookie('myodocs_csrf')}`,
        'x-csrf-token': agent.csrfToken!,
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(agent.cookie('myodocs_refresh')).toBe(current)
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
  })

  it('reuse after the grace revokes the whole session and is audited', async () => {
    const { agent, account } = await signedInAgent()
    const stolen = agent.cookie('myodocs_refresh')
    expect((await refresh(agent)).statusCode).toBe(200)
    clock.advance(31 * SECOND)
    const thief = t.agent()
    await thief.csrf()
    const res = await thief.request({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: {
        cookie: `myodocs_refresh=${stolen}; myodocs_csrf=${thief.cookie('myodocs_csrf')}`,
      },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
    // The rightful browser is signed out too: its tokens belong to the revoked session.
    const me = await agent.get('/api/auth/me')
    expect(me.statusCode).toBe(401)
    expect((await refresh(agent)).statusCode).toBe(401)
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id))
    expect(row).toMatchObject({ revokedReason: 'refresh_reuse' })
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorId, account.id),
          eq(auditEvents.action, 'auth.refresh_token_reuse'),
        ),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]!.outcome).toBe('denied')
  })
})

describe('GET /api/auth/draft-key', () => {
  it('needs a session', async () => {
    const res = await t.agent().get('/api/auth/draft-key')
    expect(res.statusCode).toBe(401)
  })

  it('is a stable AES-256 key per user, never cached, different between users', async () => {
    const one = await signedInAgent()
    const two = await signedInAgent()
    const a = await one.agent.get('/api/auth/draft-key')
    expect(a.statusCode).toBe(200)
    expect(a.headers['cache-control']).toBe('no-store')
    const key = a.json<{ data: { key: string; version: number; algorithm: string } }>().data
    expect(key.algorithm).toBe('AES-GCM')
    expect(key.version).toBe(1)
    expect(Buffer.from(key.key, 'base64url')).toHaveLength(32)
    const again = await one.agent.get('/api/auth/draft-key')
    expect(again.json()).toEqual(a.json())
    const other = await two.agent.get('/api/auth/draft-key')
    expect(other.json<{ data: { key: string } }>().data.key).not.toBe(key.key)
  })
})
