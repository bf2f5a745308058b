/**
 * What a send that fails or is interrupted leaves behind, with the same servers on loopback as
 * email.test.ts (test/email-rig.ts): the failure matrix (each fault of the therapist's mail
 * server, its answer, its retries and its log row), and the email log (paging, rows a stopped
 * process left sending, their Activity log entry). Rules: docs/product/email.md.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { EMAIL_FAILURE_MESSAGES } from '@myodocs/shared/constants/email-messages'
import { AUDIT_EVENTS } from '@myodocs/shared/contracts/audit'
import type { AuditEntry } from '@myodocs/shared/contracts/audit'
import { buildApp } from '../../app'
import { emailLog } from '../../db/schema'
import { recipientHash } from '../../email/recipient-hash'
import { createLogger } from '../../lib/logger'
import { emailRig } from '../../../test/email-rig'
import type { SendAnswer } from '../../../test/email-rig'
import { testContext } from '../../../test/test-context'
import { STALE_SENDING_MS, recoverStaleSends } from './send'

const rig = emailRig()
const { readyAccount, addAccount, sendBody, logRows, inSent } = rig

describe('the failure matrix', () => {
  async function sendThrough(overrides: Record<string, unknown>, imap = false) {
    const { account, agent } = await readyAccount()
    const { id } = await addAccount(agent, overrides, imap)
    const res = await agent.post('/api/email/send', sendBody({ account: { type: 'smtp', id } }))
    const [row] = await logRows(account.id)
    return { res, row: row!, agent }
  }

  test.each([
    ['connection refused (retried)', () => ({ smtpPort: rig.closedPort }), 'connection_failed', 3],
    ['TLS failure', () => ({ smtpPort: rig.untrusted.port, smtpSecurity: 'tls' }), 'tls_failed', 1],
    ['bad credentials', () => ({ smtpPassword: 'wrong password' }), 'auth_failed', 1],
  ] as const)(
    '%s → failed with its class and text',
    async (_name, overrides, failure, attempts) => {
      const { res, row } = await sendThrough(overrides())
      expect(res.statusCode).toBe(502)
      expect(res.json()).toMatchObject({
        success: false,
        code: 'MAIL_DELIVERY_FAILED',
        failure,
        message: EMAIL_FAILURE_MESSAGES[failure],
      })
      expect(row).toMatchObject({
        status: 'failed',
        failure,
        failureMessage: EMAIL_FAILURE_MESSAGES[failure],
      })
      expect(rig.t.logs()).toContain(`"logId":"${row.id}","failure":"${failure}"`)
      // Only a refusal before the conversation started is retried; the others end at once.
      if (attempts > 1)
        expect(rig.t.logs()).toMatch(new RegExp(`"logId":"${row.id}"[^\\n]*"attempts":${attempts}`))
    },
  )

  test('a 4xx before the message went out is retried and the message arrives once', async () => {
    rig.smtp.setFaults({ rcptFailures: 1 })
    try {
      const { res, row } = await sendThrough({})
      expect(res.statusCode, res.body).toBe(200)
      const { messageId } = res.json<SendAnswer>().data
      expect(rig.smtp.messages.filter((m) => m.messageId === messageId)).toHaveLength(1)
      expect(row.status).toBe('sent')
    } finally {
      rig.smtp.setFaults({})
    }
  })

  test.each(['drop', 'hang'] as const)(
    'a connection that %ss after the data went out is unknown, never resent, and no copy is filed',
    async (fault) => {
      rig.smtp.setFaults({ data: fault })
      try {
        const before = rig.smtp.connections
        const { res, row, agent } = await sendThrough({}, true)
        expect(res.statusCode, res.body).toBe(200)
        const data = res.json<SendAnswer>().data
        expect(data).toMatchObject({ status: 'unknown', sentCopy: null })
        expect(rig.smtp.connections).toBe(before + 1)
        expect(await inSent(data.messageId)).toEqual([])
        expect(row).toMatchObject({
          status: 'unknown',
          failure: 'unknown_outcome',
          failureMessage: EMAIL_FAILURE_MESSAGES.unknown_outcome,
        })
        // The log tells the therapist to check the Sent folder.
        const log = await agent.get('/api/email/log')
        expect(
          log.json<{ data: { entries: Array<{ failureMessage: string }> } }>().data.entries[0]!
            .failureMessage,
        ).toBe('We could not confirm delivery. Check your Sent folder before sending again.')
      } finally {
        rig.smtp.setFaults({})
      }
    },
  )
})

describe('the email log', () => {
  test('newest first, page by page, the caller’s own rows only', async () => {
    const { agent } = await readyAccount()
    await addAccount(agent, {}, false)
    for (const subject of ['One', 'Two', 'Three'])
      expect((await agent.post('/api/email/send', sendBody({ subject }))).statusCode).toBe(200)
    const first = await agent.get('/api/email/log?limit=2')
    const page1 = first.json<{
      data: { entries: Array<{ subject: string }>; nextCursor: string }
    }>().data
    expect(page1.entries.map((e) => e.subject)).toEqual(['Three', 'Two'])
    const second = await agent.get(`/api/email/log?limit=2&cursor=${page1.nextCursor}`)
    const page2 = second.json<{ data: { entries: Array<{ subject: string }>; nextCursor: null } }>()
      .data
    expect(page2).toEqual({
      entries: [expect.objectContaining({ subject: 'One' })],
      nextCursor: null,
    })
    expect((await agent.get('/api/email/log?cursor=bad')).statusCode).toBe(400)

    const other = await readyAccount()
    const theirs = await other.agent.get('/api/email/log')
    expect(theirs.json<{ data: { entries: unknown[] } }>().data.entries).toEqual([])
  })

  test('rows left sending past the timeout: handed over → unknown, not yet → failed (interrupted); recent ones stay', async () => {
    const { account } = await readyAccount()
    const now = new Date()
    const row = (id: string, createdAt: Date, messageId: string | null = '<m@clinic.test>') => ({
      id,
      userId: account.id,
      businessId: account.businessId,
      idempotencyKey: `key-${id}`,
      status: 'sending' as const,
      provider: 'smtp',
      fromAddress: 'doc@clinic.test',
      recipientsSealed: 'x',
      recipientHashes: [],
      subjectSealed: 'x',
      documentTypes: ['exercise'],
      messageId,
      createdAt,
    })
    const staleId = crypto.randomUUID()
    const interruptedId = crypto.randomUUID()
    const freshId = crypto.randomUUID()
    const long = new Date(now.getTime() - STALE_SENDING_MS - 1_000)
    await rig.t.app.db
      .insert(emailLog)
      .values([row(staleId, long), row(interruptedId, long, null), row(freshId, now)])
    expect(
      await recoverStaleSends(testContext(rig.t.app.db, { now: () => now })),
    ).toBeGreaterThanOrEqual(2)
    const statuses = Object.fromEntries(
      (await logRows(account.id)).map((r) => [r.id, [r.status, r.failure]]),
    )
    expect(statuses).toEqual({
      [staleId]: ['unknown', 'unknown_outcome'],
      [interruptedId]: ['failed', 'interrupted'],
      [freshId]: ['sending', null],
    })
  })

  test('a send a previous process left sending is in the Activity log as email.unknown after the next start-up', async () => {
    const { account, agent } = await readyAccount()
    await addAccount(agent, {}, false)
    const to = [{ name: 'Pat Example', address: 'Pat@Example.test' }]
    const cc = [{ name: 'Riley Okafor', address: 'riley@family.test' }]
    expect((await agent.post('/api/email/send', sendBody({ to, cc }))).statusCode).toBe(200)
    // As a process that died mid-send leaves it: claimed long ago, handed over, never finished.
    const [sent] = await logRows(account.id)
    await rig.t.app.db
      .update(emailLog)
      .set({
        status: 'sending',
        finishedAt: null,
        createdAt: new Date(Date.now() - STALE_SENDING_MS - 1_000),
      })
      .where(eq(emailLog.id, sent!.id))

    // The next process starts on the same database.
    const next = await buildApp(rig.t.config, {
      database: rig.t.database,
      mailer: { kind: 'outbox', send: () => Promise.reject(new Error('no mail')), close() {} },
      logger: createLogger({ logLevel: 'silent' }),
      renderPool: rig.t.app.renderPool,
    })
    await next.ready()
    await next.close()

    expect((await logRows(account.id)).map((r) => r.status)).toEqual(['unknown'])
    const res = await agent.get('/api/audit?event=email.unknown')
    expect(res.statusCode, res.body).toBe(200)
    const { entries } = res.json<{ data: { entries: AuditEntry[] } }>().data
    expect(entries).toEqual([
      expect.objectContaining({ event: 'email.unknown', outcome: 'failure', actorId: account.id }),
    ])
    const details = entries[0]!.details
    expect(details).toEqual({
      logId: sent!.id,
      provider: 'smtp',
      failure: 'unknown_outcome',
      recipientHashes: ['pat@example.test', 'riley@family.test'].map((a) =>
        recipientHash(rig.t.config.appSecret, a),
      ),
    })
    expect(AUDIT_EVENTS['email.unknown'].safeParse(details).success).toBe(true)
    const stored = JSON.stringify(details)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
      .replace(/[0-9a-f]{64}/g, '<hash>')
    for (const word of ['Pat', 'Riley', 'Okafor', 'example.test', 'family.test', 'clinic.test'])
      expect(stored).not.toContain(word)
  })
})
