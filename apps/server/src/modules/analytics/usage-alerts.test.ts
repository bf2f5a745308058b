/**
 * The usage alerts: recorded by real renders, claimed once per month and threshold under
 * concurrent calls, emailed only as the notification settings allow.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, expectTypeOf, test } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { DEFAULT_NOTIFICATION_SETTINGS } from '@myodocs/shared/contracts/settings'
import type { UsageAlerts } from '@myodocs/shared/contracts/analytics'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import {
  businessSubscriptions,
  pdfUsageEvents,
  usageAlertEmails,
  usageAlerts,
  users,
} from '../../db/schema'
import type { SystemMessage } from '../../email/system-mailer'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, insertMember, signIn } from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import { signedInTestContext } from '../../../test/test-context'
import {
  raisePdfUsageAlerts,
  USAGE_ALERT_EMAIL_ATTEMPTS,
  USAGE_ALERT_STALE_SENDING_MS,
} from './service'

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

describe('usage alerts', () => {
  const setCount = (businessId: string, n: number) =>
    t.app.db
      .update(businessSubscriptions)
      .set({ monthlyPdfGenerated: n, monthlyPdfPeriod: usagePeriod(new Date()) })
      .where(eq(businessSubscriptions.businessId, businessId))

  const alertsOf = async (businessId: string) =>
    (
      await t.app.db
        .select({ threshold: usageAlerts.threshold, period: usageAlerts.period })
        .from(usageAlerts)
        .where(eq(usageAlerts.businessId, businessId))
    )
      .map((a) => a.threshold)
      .sort()

  const alertMails = (email: string) =>
    t.smtp.messages.filter(
      (m) => m.envelopeTo.includes(email) && /MyoDocs PDFs|PDF limit/.test(m.subject ?? ''),
    )

  test('two concurrent renders crossing 80 % record both PDFs and email the primary user once', async () => {
    const owner = await insertAccount(t.app.db)
    const agent = await agentFor(owner)
    await acceptAllLegal(agent)
    await setCount(owner.businessId, 119)
    const answers = await Promise.all([
      agent.post('/api/documents/exercise', exerciseProgram()),
      agent.post('/api/documents/exercise', exerciseProgram()),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    const recorded = await t.app.db
      .select({ kind: pdfUsageEvents.kind })
      .from(pdfUsageEvents)
      .where(
        and(eq(pdfUsageEvents.businessId, owner.businessId), eq(pdfUsageEvents.userId, owner.id)),
      )
    expect(recorded).toEqual([{ kind: 'exercise' }, { kind: 'exercise' }])
    expect(await alertsOf(owner.businessId)).toEqual([80])
    const mail = await t.smtp.waitFor((m) => m.envelopeTo.includes(owner.email))
    expect(mail.subject).toBe('You have used 80% of this month’s MyoDocs PDFs')
    expect(mail.text).toContain('generated 121 of 150 PDFs this month')
    expect(alertMails(owner.email)).toHaveLength(1)
  }, 120_000)

  test('each threshold is claimed once per month, also under many concurrent calls', async () => {
    const owner = await insertAccount(t.app.db)
    const sent: SystemMessage[] = []
    const ctx = {
      ...signedInTestContext(t.app.db, {
        id: owner.id,
        businessId: owner.businessId,
        isPrimaryUser: true,
      }),
      mailer: {
        kind: 'outbox' as const,
        send: (m: SystemMessage) => {
          sent.push(m)
          return Promise.resolve({ messageId: randomUUID() })
        },
        close: () => {},
      },
    }
    await setCount(owner.businessId, 100)
    await raisePdfUsageAlerts(ctx)
    expect(sent).toHaveLength(0)
    await setCount(owner.businessId, 150)
    await Promise.all(Array.from({ length: 8 }, () => raisePdfUsageAlerts(ctx)))
    expect(await alertsOf(owner.businessId)).toEqual([100, 80])
    expect(sent.map((m) => m.subject).sort()).toEqual([
      'You have used 80% of this month’s MyoDocs PDFs',
      'Your MyoDocs monthly PDF limit is reached',
    ])
    expect(sent.every((m) => m.to.address === owner.email)).toBe(true)
    await Promise.all(Array.from({ length: 3 }, () => raisePdfUsageAlerts(ctx)))
    expect(sent).toHaveLength(2)
  })

  test.each([
    ['usageAlerts', { usageAlerts: false }],
    ['emailNotifications', { emailNotifications: false }],
  ])('no email when %s is off, the alert is still claimed', async (_, off) => {
    const owner = await insertAccount(t.app.db)
    const agent = await agentFor(owner)
    const saved = await agent.put('/api/settings/notifications', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      ...off,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const sent: SystemMessage[] = []
    const ctx = {
      ...signedInTestContext(t.app.db, {
        id: owner.id,
        businessId: owner.businessId,
        isPrimaryUser: true,
      }),
      mailer: {
        kind: 'outbox' as const,
        send: (m: SystemMessage) => {
          sent.push(m)
          return Promise.resolve({ messageId: randomUUID() })
        },
        close: () => {},
      },
    }
    await setCount(owner.businessId, 150)
    await raisePdfUsageAlerts(ctx)
    expect(await alertsOf(owner.businessId)).toEqual([100, 80])
    expect(sent).toHaveLength(0)
  })

  test('a failed alert email is retried by the next render until sent, then never again', async () => {
    const owner = await insertAccount(t.app.db)
    let failures = 2
    const sent: SystemMessage[] = []
    const ctx = {
      ...signedInTestContext(t.app.db, {
        id: owner.id,
        businessId: owner.businessId,
        isPrimaryUser: true,
      }),
      mailer: {
        kind: 'outbox' as const,
        send: (m: SystemMessage) => {
          if (failures-- > 0) return Promise.reject(new Error('connection refused'))
          sent.push(m)
          return Promise.resolve({ messageId: randomUUID() })
        },
        close: () => {},
      },
    }
    const state = async () =>
      t.app.db
        .select({ status: usageAlerts.emailStatus, attempts: usageAlerts.emailAttempts })
        .from(usageAlerts)
        .where(eq(usageAlerts.businessId, owner.businessId))
    await setCount(owner.businessId, 120)
    await raisePdfUsageAlerts(ctx)
    await raisePdfUsageAlerts(ctx)
    expect(await state()).toEqual([{ status: 'failed', attempts: 2 }])
    // Concurrent renders: one claims the failed row and sends; the others find it taken or sent.
    await Promise.all(Array.from({ length: 4 }, () => raisePdfUsageAlerts(ctx)))
    expect(await state()).toEqual([{ status: 'sent', attempts: 3 }])
    expect(sent).toHaveLength(1)
    await raisePdfUsageAlerts(ctx)
    expect(sent).toHaveLength(1)
  })

  test(`a failing email is tried at most ${USAGE_ALERT_EMAIL_ATTEMPTS} times`, async () => {
    const owner = await insertAccount(t.app.db)
    let tries = 0
    const ctx = {
      ...signedInTestContext(t.app.db, {
        id: owner.id,
        businessId: owner.businessId,
        isPrimaryUser: true,
      }),
      mailer: {
        kind: 'outbox' as const,
        send: () => {
          tries += 1
          return Promise.reject(new Error('connection refused'))
        },
        close: () => {},
      },
    }
    await setCount(owner.businessId, 120)
    for (let i = 0; i < USAGE_ALERT_EMAIL_ATTEMPTS + 2; i++) await raisePdfUsageAlerts(ctx)
    expect(tries).toBe(USAGE_ALERT_EMAIL_ATTEMPTS)
  })

  const listAlerts = async (agent: TestAgent) => {
    const res = await agent.get('/api/analytics/alerts')
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ data: UsageAlerts }>().data.alerts
  }

  const alertState = async (businessId: string) =>
    t.app.db
      .select({ status: usageAlerts.emailStatus, attempts: usageAlerts.emailAttempts })
      .from(usageAlerts)
      .where(eq(usageAlerts.businessId, businessId))

  /** A practice at 120 of its 150 PDFs, signed in as its owner. */
  async function practiceAt80Percent() {
    const owner = await insertAccount(t.app.db)
    const agent = await agentFor(owner)
    await setCount(owner.businessId, 120)
    return { owner, agent }
  }

  /** A second primary user of the business (each gets the alert email). */
  async function secondPrimaryUser(businessId: string) {
    const partner = await insertMember(t.app.db, businessId, { firstName: 'Avery' })
    await t.app.db.update(users).set({ isPrimaryUser: true }).where(eq(users.id, partner.id))
    return partner
  }

  /** This month's 80 % alert of the business as a previous process left it. */
  async function leftAlert(
    businessId: string,
    values: Partial<typeof usageAlerts.$inferInsert> & { createdAt: Date },
  ) {
    const [alert] = await t.app.db
      .insert(usageAlerts)
      .values({
        businessId,
        scope: 'business',
        period: usagePeriod(new Date()),
        threshold: 80,
        ...values,
      })
      .returning({ id: usageAlerts.id })
    return alert!.id
  }

  test('an alert email is in one of the states the docs name; a row raised before they were kept is never emailed', async () => {
    // docs/product/analytics.md#usage-alerts names these states, and no other.
    expectTypeOf<Awaited<ReturnType<typeof alertState>>[number]['status']>().toEqualTypeOf<
      'sending' | 'sent' | 'failed' | 'unknown' | 'none'
    >()
    const { owner, agent } = await practiceAt80Percent()
    // As an upgrade leaves an 80 % alert raised before the email state was kept: the column's
    // default, no attempts, no claim time.
    await leftAlert(owner.businessId, {
      createdAt: new Date(Date.now() - USAGE_ALERT_STALE_SENDING_MS - 60_000),
    })
    expect((await listAlerts(agent)).map((a) => a.threshold)).toEqual([80])
    await listAlerts(agent)
    expect(alertMails(owner.email)).toHaveLength(0)
    expect(await alertState(owner.businessId)).toEqual([expect.objectContaining({ attempts: 0 })])
  })

  test('an alert left sending by a process that died is taken over once stale, and emailed once', async () => {
    const { owner, agent } = await practiceAt80Percent()
    // What a process that died while emailing the 80 % alert leaves behind.
    const claimed = (msAgo: number) => new Date(Date.now() - msAgo)
    await leftAlert(owner.businessId, {
      emailStatus: 'sending',
      emailAttempts: 1,
      emailClaimedAt: claimed(60_000),
      createdAt: claimed(60_000),
    })
    // A minute old, it may still be in flight elsewhere: nothing is sent twice.
    expect((await listAlerts(agent)).map((a) => a.threshold)).toEqual([80])
    expect(alertMails(owner.email)).toHaveLength(0)
    expect(await alertState(owner.businessId)).toEqual([{ status: 'sending', attempts: 1 }])

    const stale = claimed(USAGE_ALERT_STALE_SENDING_MS + 60_000)
    await t.app.db
      .update(usageAlerts)
      .set({ emailClaimedAt: stale, createdAt: stale })
      .where(eq(usageAlerts.businessId, owner.businessId))
    await listAlerts(agent)
    expect(alertMails(owner.email)).toHaveLength(1)
    expect(await alertState(owner.businessId)).toEqual([{ status: 'sent', attempts: 2 }])
    await listAlerts(agent)
    expect(alertMails(owner.email)).toHaveLength(1)
  })

  test('a copy that was in flight when its process died is never resent; the others are sent', async () => {
    const { owner, agent } = await practiceAt80Percent()
    const partner = await secondPrimaryUser(owner.businessId)
    const stale = new Date(Date.now() - USAGE_ALERT_STALE_SENDING_MS - 60_000)
    const alertId = await leftAlert(owner.businessId, {
      emailStatus: 'sending',
      emailAttempts: 1,
      emailClaimedAt: stale,
      createdAt: stale,
    })
    // The owner's copy was being handed to the mail server when the process died.
    await t.app.db
      .insert(usageAlertEmails)
      .values({ alertId, userId: owner.id, status: 'sending', updatedAt: stale })
    await listAlerts(agent)
    expect(alertMails(owner.email)).toHaveLength(0)
    expect(alertMails(partner.email)).toHaveLength(1)
    expect(await alertState(owner.businessId)).toEqual([{ status: 'unknown', attempts: 2 }])
    const copies = await t.app.db
      .select({ userId: usageAlertEmails.userId, status: usageAlertEmails.status })
      .from(usageAlertEmails)
      .where(eq(usageAlertEmails.alertId, alertId))
    expect(Object.fromEntries(copies.map((c) => [c.userId, c.status]))).toEqual({
      [owner.id]: 'unknown',
      [partner.id]: 'sent',
    })
    await listAlerts(agent)
    expect(alertMails(owner.email)).toHaveLength(0)
    expect(alertMails(partner.email)).toHaveLength(1)
  })

  test('with two primary users, a retry after one copy failed sends only the missing copy', async () => {
    const { owner, agent } = await practiceAt80Percent()
    const partner = await secondPrimaryUser(owner.businessId)
    // The first copy goes out; the mail server refuses the second.
    const first = t.smtp.waitFor(
      (m) =>
        [owner.email, partner.email].some((e) => m.envelopeTo.includes(e)) &&
        /MyoDocs PDFs/.test(m.subject ?? ''),
    )
    const reading = listAlerts(agent)
    await first
    t.smtp.failNext(1)
    await reading
    expect(alertMails(owner.email).length + alertMails(partner.email).length).toBe(1)
    expect(await alertState(owner.businessId)).toEqual([{ status: 'failed', attempts: 1 }])
    // The retry (the next read) reaches the one who was missed, and nobody twice.
    await listAlerts(agent)
    expect(alertMails(owner.email)).toHaveLength(1)
    expect(alertMails(partner.email)).toHaveLength(1)
    expect(await alertState(owner.businessId)).toEqual([{ status: 'sent', attempts: 2 }])
  })

  test('GET /api/analytics/alerts raises and lists this month’s alerts; a dismissal is per user', async () => {
    const owner = await insertAccount(t.app.db)
    const member = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    const other = await insertAccount(t.app.db)
    const ownerAgent = await agentFor(owner)
    const list = async (agent: TestAgent) => {
      const res = await agent.get('/api/analytics/alerts')
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ data: UsageAlerts }>().data.alerts
    }
    expect(await list(ownerAgent)).toEqual([])
    // At the limit, no render succeeds: reading the alerts raises them (and sends the email).
    await setCount(owner.businessId, 150)
    const alerts = await list(ownerAgent)
    const period = usagePeriod(new Date())
    expect(alerts.map((a) => [a.period, a.threshold, a.dismissed])).toEqual([
      [period, 80, false],
      [period, 100, false],
    ])
    expect(alertMails(owner.email)).toHaveLength(2)
    const limitAlert = alerts[1]!
    const dismissed = await ownerAgent.post(`/api/analytics/alerts/${limitAlert.id}/dismiss`, {})
    expect(dismissed.statusCode, dismissed.body).toBe(200)
    expect((await list(ownerAgent)).map((a) => a.dismissed)).toEqual([false, true])
    // Another device of the same user reads the same dismissal; a member has their own.
    expect((await list(await agentFor(owner))).map((a) => a.dismissed)).toEqual([false, true])
    expect((await list(await agentFor(member))).map((a) => a.dismissed)).toEqual([false, false])
    expect(alertMails(owner.email)).toHaveLength(2)
    // Nobody dismisses (or sees) another business's alert.
    const otherAgent = await agentFor(other)
    expect(await list(otherAgent)).toEqual([])
    const theirs = await otherAgent.post(`/api/analytics/alerts/${limitAlert.id}/dismiss`, {})
    expect(theirs.statusCode).toBe(404)
    expect((await ownerAgent.post('/api/analytics/alerts/nope/dismiss', {})).statusCode).toBe(400)
  })
})
