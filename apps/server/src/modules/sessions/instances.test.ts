/**
 * Nothing on the guard's path is cached per instance (docs/decisions/011-api-hot-path.md; PGlite's
 * read cache belongs to its one connection, which every instance over it shares): two
 * app instances over one database, as behind a load balancer, and a session ended or a user
 * deactivated through one is refused on the very next call to the other. Also the guard's one
 * statement: GET /auth/me records activity on every call, other calls at most once a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app'
import { sessions, users } from '../../db/schema'
import { createSystemMailer } from '../../email/system-mailer'
import { createTestApp, fakeClock, TestAgent } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, signIn } from '../../../test/factories'

const clock = fakeClock(new Date('2026-03-02T08:00:00Z'))
let t: TestApp
let other: FastifyInstance
let closeOther: () => Promise<void>

beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
  const mailer = createSystemMailer(t.config, t.app.log)
  other = await buildApp(t.config, {
    database: t.database,
    mailer,
    logger: t.app.log as never,
    webDistDir: t.dataDir,
    now: clock.now,
  })
  await other.ready()
  closeOther = async () => {
    await other.close()
    mailer.close()
  }
})
afterAll(async () => {
  await closeOther()
  await t.close()
})

/** Signed in on the first instance; `there` replays the same browser's cookies on the second. */
async function signedInOnBoth() {
  const account = await insertAccount(t.database.db, { now: clock.now() })
  const here = t.agent()
  await signIn(here, account.email)
  const cookie = `myodocs_session=${here.cookie('myodocs_session')}`
  const there = new TestAgent(other)
  const me = () => there.get('/api/auth/me', { cookie })
  expect((await me()).statusCode).toBe(200)
  return { account, here, me }
}

const lastActivity = async (userId: string) => {
  const [row] = await t.database.db
    .select({ at: sessions.lastActivityAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
  return row!.at.getTime()
}

describe('a session ended on one instance', () => {
  it('sign-out on one: the next call to the other answers 401 SESSION_EXPIRED', async () => {
    const { here, me } = await signedInOnBoth()
    expect((await here.post('/api/auth/logout', {})).statusCode).toBe(200)
    const res = await me()
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
  })

  it('a deactivated user: the next call to the other answers 401 ACCOUNT_DEACTIVATED', async () => {
    const { account, me } = await signedInOnBoth()
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, account.id))
    const res = await me()
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' })
  })
})

describe("the guard's activity write", () => {
  it('GET /auth/me records activity on every call; other calls at most once a minute', async () => {
    const { account, here, me } = await signedInOnBoth()
    const signedInAt = await lastActivity(account.id)
    clock.advance(5_000)
    expect((await here.get('/api/auth/draft-key')).statusCode).toBe(200)
    expect(await lastActivity(account.id)).toBe(signedInAt)
    expect((await me()).statusCode).toBe(200)
    expect(await lastActivity(account.id)).toBe(clock.now().getTime())
    clock.advance(61_000)
    expect((await here.get('/api/auth/draft-key')).statusCode).toBe(200)
    expect(await lastActivity(account.id)).toBe(clock.now().getTime())
  })

  it('an ended session is not kept alive by GET /auth/me', async () => {
    const { account, here, me } = await signedInOnBoth()
    const before = await lastActivity(account.id)
    expect((await here.post('/api/auth/logout', {})).statusCode).toBe(200)
    clock.advance(5_000)
    expect((await me()).statusCode).toBe(401)
    expect(await lastActivity(account.id)).toBe(before)
  })
})
