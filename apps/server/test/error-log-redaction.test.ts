/**
 * Database errors in the server log (docs/product/privacy.md#logs): a failing query's message and
 * bound parameters quote what the request sent, so the log keeps the error class, the SQLSTATE and a
 * query fingerprint only. Each route below fails a real query on the test database with a canary
 * in it; the captured log must hold the failure and never the canary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { users } from '../src/db/schema'
import { AppError } from '../src/lib/errors'
import { queryFingerprint } from '../src/lib/logger'
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'
import { insertAccount } from './factories'

const CANARY = 'Canary-Zyxwvut-4471'
const CANARY_EMAIL = 'canary-zyxwvut-4471@clinic.test'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      // A parameter PostgreSQL refuses: its message quotes the value, drizzle's quotes every parameter.
      app.get('/test/db-error', async () => {
        await t.database.db.execute(sql`select ${CANARY}::integer as n`)
        return { ok: true }
      })
      // A unique violation: PostgreSQL's detail names the duplicate value.
      app.get('/test/db-error-wrapped', async () => {
        try {
          await t.database.db.insert(users).values({
            email: CANARY_EMAIL,
            passwordHash: 'x',
            firstName: CANARY,
            lastName: CANARY,
            therapistTitle: '',
            therapistPhone: '5551234567',
            businessId: (await insertAccount(t.database.db)).businessId,
            isPrimaryUser: false,
          })
        } catch (err) {
          throw new AppError('SERVICE_UNAVAILABLE', 'Try again', 503, undefined, { cause: err })
        }
        return { ok: true }
      })
    },
  })
  await insertAccount(t.database.db, { email: CANARY_EMAIL })
})
afterAll(() => t.close())

type LogLine = { msg?: string; err?: { type?: string; code?: string; query?: string } }
const lines = () =>
  t
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogLine)

describe('a database error in the log', () => {
  it('logs the class, SQLSTATE and query fingerprint of an unhandled one, never its values', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/db-error' })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain(CANARY)
    const line = lines().find((l) => l.msg === 'unhandled error')
    expect(line?.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: queryFingerprint('select $1::integer as n'),
      cause: { code: '22P02' },
    })
    expect(t.logs()).not.toContain(CANARY)
  })

  it('logs the cause of a 5xx answer the same way', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/db-error-wrapped' })
    expect(res.statusCode).toBe(503)
    const line = lines().find((l) => l.msg === 'request failed')
    expect(line?.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505' } })
    expect(t.logs()).not.toContain(CANARY)
    expect(t.logs().toLowerCase()).not.toContain(CANARY_EMAIL)
  })
})
