/**
 * Database faults (PostgreSQL only: PGlite lives in the process and cannot go away). With every
 * connection cut and new ones refused, sign-in, the session check and a settings write answer 503
 * SERVICE_UNAVAILABLE with Retry-After and the network text, never 500; once the database is back
 * the same app answers again without a restart, and the write committed before is still there.
 * Under load, backends terminated by PostgreSQL (pg_terminate_backend) and a refused spell give the
 * same: only 200 or 503, recovery by itself, and every write answered 200 is in the database.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NETWORK_UNREACHABLE } from '@myodocs/shared/constants/messages'
import { openPostgres } from '../src/db/postgres'
import { insertAccount, signIn, TEST_PASSWORD } from './factories'
import { createTestApp } from './test-app'
import type { TestAgent, TestApp } from './test-app'
import { openTestDatabase, testDbKind } from './test-database'
import { startTcpProxy } from './tcp-proxy'
import type { TcpProxy } from './tcp-proxy'

const profile = (firstName: string) => ({
  firstName,
  lastName: 'Reyes',
  therapistTitle: 'RDH',
  therapistPhone: '(555) 123-4567',
})

describe.skipIf(testDbKind() !== 'postgres')('database faults (PostgreSQL only)', () => {
  let t: TestApp
  let proxy: TcpProxy
  let directUrl: string
  beforeAll(async () => {
    t = await createTestApp({
      async openDatabase() {
        const direct = await openTestDatabase()
        directUrl = direct.url!
        const url = new URL(direct.url!)
        proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
        url.hostname = '127.0.0.1'
        url.port = String(proxy.port)
        const proxied = openPostgres(url.toString(), { error() {}, warn() {} })
        return {
          ...proxied,
          url: url.toString(),
          async close() {
            await proxied.close()
            await proxy.close()
            await direct.close()
          },
        }
      },
    })
  })
  afterAll(() => t.close())

  it('answers 503 with Retry-After while it lasts, then recovers without losing a committed write', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    expect((await agent.put('/api/auth/profile', profile('Before'))).statusCode).toBe(200)

    await proxy.refuse()
    const during = [
      await agent.get('/api/auth/me'),
      await agent.put('/api/auth/profile', profile('During')),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: TEST_PASSWORD },
      }),
    ]
    for (const res of during) {
      expect(res.statusCode, res.body).toBe(503)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      expect(res.json()).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: NETWORK_UNREACHABLE,
      })
    }
    expect((await t.app.inject('/api/ready')).statusCode).toBe(503)

    await proxy.resume()
    const me = await agent.get('/api/auth/me')
    expect(me.statusCode).toBe(200)
    expect(me.json<{ data: { user: { firstName: string } } }>().data.user.firstName).toBe('Before')
    expect((await agent.put('/api/auth/profile', profile('After'))).statusCode).toBe(200)
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200)
    // The log names the outage, never a 500.
    expect(t.logs()).toContain('database unavailable')
    expect(t.logs()).not.toContain('unhandled error')
  })

  it(
    'under load, terminated backends and refused connections answer only 200 or 503, recover by themselves, and lose no acknowledged write',
    { timeout: 120_000 },
    async () => {
      const agents: Array<{ agent: TestAgent; userId: string; acked: number; tried: number }> = []
      for (let i = 0; i < 6; i++) {
        const account = await insertAccount(t.database.db)
        const agent = t.agent()
        await signIn(agent, account.email)
        agents.push({ agent, userId: account.id, acked: -1, tried: -1 })
      }
      const refusals: Array<{ status: number; retryAfter: unknown; body: string }> = []
      let load = true
      // Each tab writes its email settings and reads its session, one request after another.
      const tabs = agents.map(async (a) => {
        for (let i = 0; load; i++) {
          a.tried = i
          const write = await a.agent.put('/api/settings/email', {
            settings: { defaultFromName: `Dana ${i}` },
          })
          if (write.statusCode === 200) a.acked = i
          const read = await a.agent.get('/api/auth/me')
          for (const res of [write, read])
            if (res.statusCode !== 200)
              refusals.push({
                status: res.statusCode,
                retryAfter: res.headers['retry-after'],
                body: res.body,
              })
        }
      })
      const admin = new pg.Client({ connectionString: directUrl })
      // Its connection ends when the file's database is dropped: never an uncaught error.
      admin.on('error', () => {})
      await admin.connect()
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
      try {
        for (let round = 0; round < 3; round++) {
          await pause(250)
          await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        }
        await pause(250)
        await proxy.refuse()
        await pause(1_000)
        await proxy.resume()
        await pause(500)
      } finally {
        load = false
        await Promise.all(tabs)
        await admin.end()
      }

      expect(refusals.length, 'the faults hit the load').toBeGreaterThan(0)
      for (const r of refusals) {
        expect(r.status, r.body).toBe(503)
        expect(Number(r.retryAfter)).toBeGreaterThan(0)
        expect(JSON.parse(r.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
      }
      expect(t.logs()).not.toContain('unhandled error')
      // Every write answered 200 is there: the stored one is the last acknowledged, or a later one
      // whose 503 hid its commit (never an earlier one).
      const fresh = new pg.Client({ connectionString: directUrl })
      await fresh.connect()
      try {
        for (const a of agents) {
          const { rows } = await fresh.query<{ email: { defaultFromName: string } | null }>(
            'select email from user_settings where user_id = $1',
            [a.userId],
          )
          const stored = Number(rows[0]?.email?.defaultFromName.replace('Dana ', '') ?? -1)
          expect(stored).toBeGreaterThanOrEqual(a.acked)
          expect(stored).toBeLessThanOrEqual(a.tried)
        }
      } finally {
        await fresh.end()
      }
      // Recovered by itself: the next write of every tab is taken.
      for (const a of agents) {
        const res = await a.agent.put('/api/settings/email', {
          settings: { defaultFromName: `Dana ${a.tried + 1}` },
        })
        expect(res.statusCode, res.body).toBe(200)
      }
      expect((await t.app.inject('/api/ready')).statusCode).toBe(200)
    },
  )
})
