/**
 * A database outage (PostgreSQL only: PGlite lives in the process and cannot go away): with every
 * connection cut and new ones refused, sign-in, the session check and a settings write answer 503
 * SERVICE_UNAVAILABLE with Retry-After and the network text, never 500; once the database is back
 * the same app answers again without a restart, and the write committed before is still there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NETWORK_UNREACHABLE } from '@myodocs/shared/constants/messages'
import { openPostgres } from '../src/db/postgres'
import { insertAccount, signIn, TEST_PASSWORD } from './factories'
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'
import { openTestDatabase, testDbKind } from './test-database'
import { startTcpProxy } from './tcp-proxy'
import type { TcpProxy } from './tcp-proxy'

const profile = (firstName: string) => ({
  firstName,
  lastName: 'Reyes',
  therapistTitle: 'RDH',
  therapistPhone: '(555) 123-4567',
})

describe.skipIf(testDbKind() !== 'postgres')('a database outage', () => {
  let t: TestApp
  let proxy: TcpProxy
  beforeAll(async () => {
    t = await createTestApp({
      async openDatabase() {
        const direct = await openTestDatabase()
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
})
