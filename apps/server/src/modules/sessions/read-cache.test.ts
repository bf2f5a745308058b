/**
 * The embedded database's read cache (db/read-cache.ts): the hot reads of a signed-in call are
 * answered from memory, and any other statement — through Drizzle, a transaction or the raw
 * client — makes the next read go to the database again, so an ended session or a deactivated
 * user is refused on the very next call. PGlite only: PostgreSQL is never cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { PGlite } from '@electric-sql/pglite'
import { hashToken } from '../../lib/crypto'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, signIn } from '../../../test/factories'
import { openPgliteClient, testDbKind } from '../../../test/test-database'
import { fromPglite } from '../../db/pglite'
import { sessions, users } from '../../db/schema'
import { lookupSession } from './repository'

const clock = fakeClock(new Date('2026-03-02T08:00:00Z'))
let t: TestApp
let client: PGlite
/** Statements that reached PGlite (counted beneath the cache). */
let reached = 0
/** Statements the app ran (counted above the cache): what PostgreSQL would run. */
let issued = 0

beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    openDatabase: async () => {
      client = await openPgliteClient()
      const query = client.query.bind(client)
      client.query = ((...args: Parameters<typeof query>) => {
        reached++
        return query(...args)
      }) as typeof query
      const database = fromPglite(client)
      const cached = client.query.bind(client)
      client.query = ((...args: Parameters<typeof cached>) => {
        issued++
        return cached(...args)
      }) as typeof cached
      return database
    },
  })
})
afterAll(async () => {
  await t.close()
})

async function signedIn() {
  const account = await insertAccount(t.database.db, { now: clock.now() })
  const agent = t.agent()
  await signIn(agent, account.email)
  const token = agent.cookie('myodocs_session')!
  return { account, agent, hash: hashToken(token) }
}

/** How many statements `run` sent to PGlite. */
async function statementsOf(run: () => Promise<unknown>) {
  const before = reached
  await run()
  return reached - before
}

describe.skipIf(testDbKind() !== 'pglite')('the PGlite read cache', () => {
  it('answers a repeated signed-in call from memory', async () => {
    const { agent } = await signedIn()
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
    expect((await agent.get('/api/settings')).statusCode).toBe(200)
    expect(await statementsOf(() => agent.get('/api/auth/me'))).toBe(0)
    expect(await statementsOf(() => agent.get('/api/settings'))).toBe(0)
  })

  it('runs GET /auth/me as one statement: the session with the user it answers', async () => {
    const { agent } = await signedIn()
    const before = issued
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
    expect(issued - before).toBe(1)
  })

  it('ends a session on the next call after a sign-out', async () => {
    const { agent } = await signedIn()
    const cookie = `myodocs_session=${agent.cookie('myodocs_session')}`
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
    await agent.post('/api/auth/logout', {})
    expect((await t.agent().get('/api/auth/me', { cookie })).statusCode).toBe(401)
  })

  it('sees a write made through Drizzle, a transaction or the raw client', async () => {
    const { account, hash } = await signedIn()
    const db = t.database.db
    expect((await lookupSession(db, hash))!.user.isActive).toBe(true)

    await db.update(users).set({ isActive: false }).where(eq(users.id, account.id))
    expect((await lookupSession(db, hash))!.user.isActive).toBe(false)

    await db.transaction(async (tx) => {
      await tx.update(users).set({ isActive: true }).where(eq(users.id, account.id))
    })
    expect((await lookupSession(db, hash))!.user.isActive).toBe(true)

    await client.query('update users set is_active = false where id = $1', [account.id])
    expect((await lookupSession(db, hash))!.user.isActive).toBe(false)

    await client.exec(`update users set is_active = true where id = '${account.id}'`)
    expect((await lookupSession(db, hash))!.user.isActive).toBe(true)
    expect(await statementsOf(() => lookupSession(db, hash))).toBe(0)
  })

  it('answers the state before an open transaction until it commits', async () => {
    const { account, hash } = await signedIn()
    const db = t.database.db
    await lookupSession(db, hash)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const tx = db.transaction(async (inner) => {
      await inner
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(eq(sessions.userId, account.id))
      await held
    })
    // A read from memory does not wait for the transaction and sees nothing uncommitted.
    expect((await lookupSession(db, hash))!.session.revokedAt).toBeNull()
    release()
    await tx
    expect((await lookupSession(db, hash))!.session.revokedAt).not.toBeNull()
  })

  it('gives every caller its own rows', async () => {
    const { hash } = await signedIn()
    const db = t.database.db
    const first = (await lookupSession(db, hash))!
    first.session.lastActivityAt.setTime(0)
    first.user.isActive = false
    const second = (await lookupSession(db, hash))!
    expect(second.session.lastActivityAt.getTime()).toBe(clock.now().getTime())
    expect(second.user.isActive).toBe(true)
  })
})
