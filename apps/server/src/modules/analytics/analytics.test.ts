/**
 * GET /api/analytics/usage against a seeded dataset: exact figures, member and business isolation
 * (the usage alerts: usage-alerts.test.ts).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AnalyticsUsage } from '@myodocs/shared/contracts/analytics'
import type { Db } from '../../db/client'
import { emailLog } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { insertAccount, insertMember, signIn } from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import { insertPdfUsageEvents } from './repository'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(() => t?.close())

async function agentFor(account: TestAccount): Promise<TestAgent> {
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  return agent
}

// Through the repository, so each event's daily rollup (which the page reads) is kept too.
const events = (db: Db, a: TestAccount, rows: Array<[kind: string, at: string, n?: number]>) =>
  insertPdfUsageEvents(
    db,
    rows.flatMap(([kind, at, n = 1]) =>
      Array.from({ length: n }, () => ({
        businessId: a.businessId,
        userId: a.id,
        kind,
        createdAt: new Date(at),
      })),
    ),
  )

const emails = (db: Db, a: TestAccount, rows: Array<[status: string, at: string]>) =>
  db.insert(emailLog).values(
    rows.map(([status, at]) => ({
      id: randomUUID(),
      userId: a.id,
      businessId: a.businessId,
      idempotencyKey: randomUUID(),
      status: status as 'sent',
      provider: 'smtp',
      fromAddress: 'dana@clinic.test',
      recipientsSealed: 'sealed',
      recipientHashes: ['h'],
      subjectSealed: 'sealed',
      documentTypes: ['assessment'],
      createdAt: new Date(at),
    })),
  )

const usage = async (agent: TestAgent, query: string) => {
  const res = await agent.get(`/api/analytics/usage${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: AnalyticsUsage }>().data
}

describe('GET /api/analytics/usage', () => {
  let owner: TestAccount
  let member: TestAccount
  let other: TestAccount

  beforeAll(async () => {
    owner = await insertAccount(t.app.db)
    member = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    other = await insertAccount(t.app.db)
    await events(t.app.db, owner, [
      ['assessment', '2026-01-05T10:00:00Z', 3],
      ['exercise', '2026-01-31T23:59:59Z'],
      ['assessment', '2026-03-10T08:00:00Z', 2],
      // Outside the range on both sides.
      ['assessment', '2025-12-31T23:59:59Z'],
      ['assessment', '2026-04-01T00:00:00Z'],
    ])
    await events(t.app.db, member, [
      ['after-visit-summary', '2026-02-01T00:00:00Z', 2],
      ['exercise', '2026-03-31T23:59:59Z'],
    ])
    await events(t.app.db, other, [['assessment', '2026-02-14T12:00:00Z', 7]])
    await emails(t.app.db, owner, [
      ['sent', '2026-01-05T09:00:00Z'], // Monday 2026-01-05
      ['sent', '2026-01-11T23:00:00Z'], // Sunday, same week
      ['failed', '2026-01-07T09:00:00Z'],
      ['unknown', '2026-02-18T09:00:00Z'], // week of 2026-02-16
    ])
    await emails(t.app.db, member, [['sent', '2026-02-16T00:00:00Z']])
    await emails(t.app.db, other, [['sent', '2026-01-06T09:00:00Z']])
  })

  test('the primary user reads the whole business, exactly, and nothing of another', async () => {
    const data = await usage(await agentFor(owner), '?from=2026-01-01&to=2026-03-31')
    expect(data.scope).toBe('business')
    expect(data.pdfsByMonth).toEqual([
      { month: '2026-01', count: 4 },
      { month: '2026-02', count: 2 },
      { month: '2026-03', count: 3 },
    ])
    expect(data.pdfsByKind).toEqual([
      { kind: 'assessment', count: 5 },
      { kind: 'after-visit-summary', count: 2 },
      { kind: 'exercise', count: 2 },
    ])
    expect(data.pdfsByMember).toEqual([
      { userId: owner.id, name: 'Dana Reyes', count: 6 },
      { userId: member.id, name: 'Avery Lee', count: 3 },
    ])
    expect(data.emailsByWeek).toEqual([
      { weekStart: '2026-01-05', sent: 2, failed: 1, unknown: 0, sending: 0 },
      { weekStart: '2026-02-16', sent: 1, failed: 0, unknown: 1, sending: 0 },
    ])
    expect(data.totals).toEqual({ pdfs: 9, emails: 5 })
    expect(data.plan).toMatchObject({
      planType: 'essential',
      status: 'trial',
      monthlyPdfLimit: 150,
      limitPer: 'business',
      trialDaysRemaining: 30,
    })

    const theirs = await usage(await agentFor(other), '?from=2026-01-01&to=2026-03-31')
    expect(theirs.totals).toEqual({ pdfs: 7, emails: 1 })
    expect(theirs.pdfsByMember).toEqual([{ userId: other.id, name: 'Dana Reyes', count: 7 }])
  })

  test('a member reads only their own figures', async () => {
    const data = await usage(await agentFor(member), '?from=2026-01-01&to=2026-03-31')
    expect(data.scope).toBe('self')
    expect(data.pdfsByMonth.map((m) => m.count)).toEqual([0, 2, 1])
    expect(data.pdfsByMember).toEqual([{ userId: member.id, name: 'Avery Lee', count: 3 }])
    expect(data.emailsByWeek).toEqual([
      { weekStart: '2026-02-16', sent: 1, failed: 0, unknown: 0, sending: 0 },
    ])
    expect(data.totals).toEqual({ pdfs: 3, emails: 1 })
  })

  test('the range is validated, and signed-out calls are refused', async () => {
    const agent = await agentFor(owner)
    expect((await agent.get('/api/analytics/usage?from=2026-03-01&to=2026-01-01')).statusCode).toBe(
      400,
    )
    expect((await agent.get('/api/analytics/usage?from=2026-02-30')).statusCode).toBe(400)
    expect((await agent.get('/api/analytics/usage?from=2020-01-01&to=2026-01-01')).statusCode).toBe(
      400,
    )
    const anonymous = t.agent()
    await anonymous.csrf()
    expect((await anonymous.get('/api/analytics/usage')).statusCode).toBe(401)
  })
})
