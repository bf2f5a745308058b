/**
 * The activity log through the real app: each action writes its catalogue event (and only its
 * allowed details; document.generated is proven by the PHI canary suite, test/phi-canary.test.ts),
 * GET /api/audit scopes by role and business and pages without losing rows,
 * the CSV export follows the filters and escapes formula cells, and retention prunes by age.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { AUDIT_EVENTS } from '@myodocs/shared/contracts/audit'
import type { AuditEntry, AuditEventName } from '@myodocs/shared/contracts/audit'
import { OWN_ACTIVITY_ONLY } from '@myodocs/shared/constants/audit-messages'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { queryRows } from '../../db/client'
import { auditEvents, businessSubscriptions } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, insertMember, signIn } from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import type { Database } from '../../db/client'
import type { Log } from '../../lib/service-context'
import { until } from '../../../test/server-process'
import { pruneExpired, scheduleRetention } from '../retention'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(() => t?.close())

async function owner(): Promise<{ account: TestAccount; agent: TestAgent }> {
  const account = await insertAccount(t.app.db)
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  return { account, agent }
}

async function member(businessId: string) {
  const account = await insertMember(t.app.db, businessId)
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  return { account, agent }
}

const page = async (agent: TestAgent, query = '') => {
  const res = await agent.get(`/api/audit${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: { entries: AuditEntry[]; nextCursor: string | null } }>().data
}

/** The newest event of `action` by `actorId`, straight from the table. */
const latest = async (actorId: string, action: AuditEventName) =>
  (
    await t.app.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.actorId} = ${actorId} and ${auditEvents.action} = ${action}`)
      .orderBy(sql`${auditEvents.at} desc`)
      .limit(1)
  )[0]

describe('each action writes its event, with catalogue details only', () => {
  const cases: Array<{
    event: AuditEventName
    act: (s: { agent: TestAgent; account: TestAccount }) => Promise<unknown>
    details?: Record<string, unknown>
  }> = [
    { event: 'auth.login', act: async () => {} },
    {
      event: 'auth.profile_update',
      act: ({ agent }) =>
        agent.put('/api/auth/profile', {
          firstName: 'Dana',
          lastName: 'Reyes',
          therapistTitle: 'RDH',
          therapistPhone: '(503) 555-0100',
        }),
    },
    {
      event: 'business.update',
      act: ({ agent }) =>
        agent.put('/api/business', {
          name: 'Bright Airway Kids',
          address: '12 Main St, Portland, OR 97201',
          phone: '(503) 555-0142',
        }),
    },
    {
      event: 'settings.update',
      act: ({ agent }) => agent.put('/api/settings/pdf', { includeWatermark: false }),
      details: { section: 'pdf' },
    },
    {
      event: 'usage.limit_reached',
      act: async ({ agent, account }) => {
        await acceptAllLegal(agent)
        await t.app.db
          .update(businessSubscriptions)
          .set({ monthlyPdfGenerated: 10_000, monthlyPdfPeriod: usagePeriod(new Date()) })
          .where(eq(businessSubscriptions.businessId, account.businessId))
        const res = await agent.post('/api/documents/exercise', exerciseProgram())
        expect(res.statusCode).toBe(403)
      },
      details: { scope: 'business', planType: 'essential' },
    },
    {
      event: 'audit.export',
      act: ({ agent }) => agent.get('/api/audit/export'),
      details: { filtered: false },
    },
    { event: 'auth.logout', act: ({ agent }) => agent.post('/api/auth/logout') },
  ]

  test.each(cases)('$event', async ({ event, act, details }) => {
    const s = await owner()
    await act(s)
    const row = await latest(s.account.id, event)
    expect(row, event).toBeDefined()
    expect(row!.businessId).toBe(s.account.businessId)
    if (details) expect(row!.details).toMatchObject(details)
    // What was stored passes the catalogue's strict schema: no field beyond those allowed.
    expect(AUDIT_EVENTS[event].safeParse(row!.details ?? {}).success).toBe(true)
  })

  test('a failed sign-in is written as a failure, with a reason word', async () => {
    const { account } = await owner()
    const stranger = t.agent()
    await stranger.csrf()
    const res = await stranger.post('/api/auth/login', {
      email: account.email,
      password: 'Wrong-password-42',
    })
    expect(res.statusCode).toBe(401)
    const row = await latest(account.id, 'auth.login')
    expect(row?.outcome).toBe('failure')
    expect(row?.details).toMatchObject({ reason: 'wrong_password' })
  })
})

describe('GET /api/audit: who reads what', () => {
  test('the primary user reads every member; a member only their own, 403 for another', async () => {
    const boss = await owner()
    const sam = await member(boss.account.businessId)
    const other = await owner()

    const all = await page(boss.agent)
    const actors = new Set(all.entries.map((e) => e.actorId))
    expect(actors).toContain(boss.account.id)
    expect(actors).toContain(sam.account.id)
    expect(actors).not.toContain(other.account.id)
    const samRow = all.entries.find((e) => e.actorId === sam.account.id)!
    expect(samRow.actorName).toBe('Sam Lee')
    expect(samRow.label).toBe('Sign-in')

    const filtered = await page(boss.agent, `?memberId=${sam.account.id}`)
    expect(filtered.entries.length).toBeGreaterThan(0)
    expect(filtered.entries.every((e) => e.actorId === sam.account.id)).toBe(true)

    const own = await page(sam.agent)
    expect(own.entries.length).toBeGreaterThan(0)
    expect(own.entries.every((e) => e.actorId === sam.account.id)).toBe(true)

    const refused = await sam.agent.get(`/api/audit?memberId=${boss.account.id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: OWN_ACTIVITY_ONLY })

    // Another business's person as a filter finds nothing of theirs.
    const cross = await page(boss.agent, `?memberId=${other.account.id}`)
    expect(cross.entries).toEqual([])
    expect((await page(other.agent)).entries.every((e) => e.actorId === other.account.id)).toBe(
      true,
    )
  })

  test('needs a signed-in user and valid filters', async () => {
    expect((await t.agent().get('/api/audit')).statusCode).toBe(401)
    const { agent } = await owner()
    expect((await agent.get('/api/audit?event=patient.name')).statusCode).toBe(400)
    expect((await agent.get('/api/audit?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400)
    expect((await agent.get('/api/audit?cursor=bm9wZQ')).statusCode).toBe(400)
    // Year 0 reached the database (a 500 from the export's stream) before the range check.
    expect((await agent.get('/api/audit/export?from=0000-09-10')).statusCode).toBe(400)
  })

  test('cursor pages visit every row once, even rows a microsecond apart', async () => {
    const { account, agent } = await owner()
    // 7 events with the same millisecond and distinct microseconds, plus the sign-in.
    await t.app.db.execute(sql`
      insert into audit_events (business_id, actor_id, action, outcome, created_at)
      select ${account.businessId}::uuid, ${account.id}::uuid, 'settings.update', 'success',
             '2026-03-01 10:00:00.123000+00'::timestamptz + (g || ' microseconds')::interval
      from generate_series(1, 7) g`)
    const seen: string[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const p = await page(agent, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...p.entries.map((e) => e.id))
      cursor = p.nextCursor
    }
    expect(seen.length).toBe(8)
    expect(new Set(seen).size).toBe(8)
  })

  test('filters by event and by date range (whole UTC days, inclusive)', async () => {
    const { account, agent } = await owner()
    await t.app.db.execute(sql`
      insert into audit_events (business_id, actor_id, action, outcome, created_at) values
      (${account.businessId}, ${account.id}, 'business.update', 'success', '2026-01-10T23:59:00Z'),
      (${account.businessId}, ${account.id}, 'business.update', 'success', '2026-01-11T00:00:00Z'),
      (${account.businessId}, ${account.id}, 'settings.update', 'success', '2026-01-10T12:00:00Z')`)
    const p = await page(agent, '?event=business.update&from=2026-01-01&to=2026-01-10')
    expect(p.entries.map((e) => e.at)).toEqual(['2026-01-10T23:59:00.000Z'])
  })
})

describe('GET /api/audit/export', () => {
  test('the CSV follows the filters and escapes formula cells', async () => {
    const { account, agent } = await owner()
    const sam = await insertMember(t.app.db, account.businessId, { firstName: '=HYPERLINK("x")' })
    await t.app.db.execute(sql`
      insert into audit_events (business_id, actor_id, action, outcome, ip, created_at) values
      (${account.businessId}, ${sam.id}, 'business.update', 'success', '203.0.113.7', '2026-02-02T10:00:00Z'),
      (${account.businessId}, ${account.id}, 'business.update', 'success', null, '2026-02-03T10:00:00Z'),
      (${account.businessId}, ${sam.id}, 'settings.update', 'success', null, '2026-02-04T10:00:00Z')`)
    const res = await agent.get(
      `/api/audit/export?event=business.update&memberId=${sam.id}&from=2026-02-01&to=2026-02-28`,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-/)
    const lines = res.body.trim().split('\n')
    expect(lines[0]).toBe('Time (UTC),Event,Label,Outcome,Member,Member ID,Details,IP address')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('2026-02-02T10:00:00.000Z,business.update,Business profile updated')
    // The name would be a formula in a spreadsheet: it is prefixed with an apostrophe.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Lee"`)
    // The client address the Activity screen shows is the last column.
    expect(lines[1]).toMatch(/,203\.0\.113\.7$/)
    const audited = await latest(account.id, 'audit.export')
    expect(audited?.details).toEqual({ rows: 1, filtered: true })
  })

  test('a member exports only their own events; another member is 403', async () => {
    const boss = await owner()
    const sam = await member(boss.account.businessId)
    const res = await sam.agent.get('/api/audit/export')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(sam.account.id)
    expect(res.body).not.toContain(boss.account.id)
    const refused = await sam.agent.get(`/api/audit/export?memberId=${boss.account.id}`)
    expect(refused.statusCode).toBe(403)
  })
})

describe('retention', () => {
  test('deletes audit events older than six years and email log rows older than a year, keeps the rest', async () => {
    const { account } = await owner()
    const now = new Date('2030-06-15T12:00:00Z')
    await t.app.db.execute(sql`
      insert into audit_events (business_id, actor_id, action, outcome, created_at) values
      (${account.businessId}, ${account.id}, 'business.update', 'success', '2024-06-15T11:00:00Z'),
      (${account.businessId}, ${account.id}, 'business.update', 'success', '2024-06-15T13:00:00Z')`)
    const logRow = (id: string, at: string) => sql`
      insert into email_log (id, user_id, business_id, idempotency_key, status, provider,
        from_address, recipients_sealed, recipient_hashes, subject_sealed, document_types, created_at)
      values (${id}, ${account.id}, ${account.businessId}, ${id}, 'sent', 'smtp', 'd@clinic.test',
        'sealed', '[]'::jsonb, 'sealed', '[]'::jsonb, ${at}::timestamptz)`
    const oldLog = crypto.randomUUID()
    const newLog = crypto.randomUUID()
    await t.app.db.execute(logRow(oldLog, '2029-06-15T11:00:00Z'))
    await t.app.db.execute(logRow(newLog, '2029-06-15T13:00:00Z'))

    const result = await pruneExpired(t.database, now)
    expect(result.auditEvents).toBeGreaterThanOrEqual(1)
    expect(result.emailLog).toBeGreaterThanOrEqual(1)
    const kept = await queryRows<{ at: string }>(
      t.app.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at
          from audit_events where actor_id = ${account.id} and created_at < '2025-01-01'`,
    )
    expect(kept.map((r) => r.at)).toEqual(['2024-06-15T13:00'])
    const logs = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from email_log where id in (${oldLog}, ${newLog})`,
    )
    expect(logs.map((r) => r.id)).toEqual([newLog])
    // A second run finds nothing left.
    expect(await pruneExpired(t.database, now)).toEqual({ auditEvents: 0, emailLog: 0 })
  })

  test('the scheduled job runs after its delay, logs what it deleted, and runs again after a failure', async () => {
    const { account } = await owner()
    const expired = () =>
      t.app.db.execute(sql`
        insert into audit_events (business_id, actor_id, action, outcome, created_at) values
        (${account.businessId}, ${account.id}, 'business.update', 'success', '2024-01-01T00:00:00Z')`)
    const remaining = async () =>
      (
        await queryRows<{ n: number }>(
          t.app.db,
          sql`select count(*)::int as n from audit_events
              where actor_id = ${account.id} and created_at < '2025-01-01'`,
        )
      )[0]!.n
    const lines: Array<{ level: 'info' | 'error'; obj: unknown; msg?: string }> = []
    const log = {
      debug: () => {},
      warn: () => {},
      info: (obj: unknown, msg?: string) => lines.push({ level: 'info', obj, msg }),
      error: (obj: unknown, msg?: string) => lines.push({ level: 'error', obj, msg }),
    } as unknown as Log
    // The first run fails (the database is briefly unreachable); the next tick prunes.
    let runs = 0
    const flaky = {
      ...t.database,
      withAdvisoryLock: ((key, fn) =>
        runs++ === 0
          ? Promise.reject(new Error('connection terminated'))
          : t.database.withAdvisoryLock(key, fn)) as Database['withAdvisoryLock'],
    }
    await expired()
    const stop = scheduleRetention(flaky, () => new Date('2030-06-15T12:00:00Z'), log, {
      firstRunMs: 20,
      everyMs: 100,
    })
    try {
      await until(async () => (await remaining()) === 0)
      expect(lines[0]).toEqual({
        level: 'error',
        obj: { err: { message: 'connection terminated' } },
        msg: 'retention run failed',
      })
      await until(() => lines.length >= 2)
      expect(lines[1]).toMatchObject({
        level: 'info',
        obj: { auditEvents: expect.any(Number) as number, emailLog: expect.any(Number) as number },
        msg: 'retention: expired records deleted',
      })
    } finally {
      await stop()
    }
    // Stopped, and the run under way finished: nothing runs any more.
    await expired()
    const after = runs
    await new Promise((r) => setTimeout(r, 300))
    expect(runs).toBe(after)
    expect(await remaining()).toBe(1)
  })
})
