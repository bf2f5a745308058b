/**
 * /api/email end to end with real servers on loopback: the app (real database, render pool),
 * smtp-server as the therapist's own mail server (STARTTLS, AUTH, scripted faults) and Dovecot as
 * their mailbox (test/email-rig.ts). Covers the SMTP account calls and the connection test,
 * sending (the PDFs arrive intact and sit once in Sent), idempotency, SSRF and injection
 * refusals and the monthly count; what a failed or interrupted send leaves is
 * email-failures.test.ts. Rules: docs/product/email.md. The no-PHI canary of sending is in
 * test/phi-canary.test.ts.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { fullAssessment } from '@myodocs/documents/fixtures/assessment'
import { readPdf } from '@myodocs/documents/testing/pdf-text'
import {
  EMAIL_FAILURE_MESSAGES,
  NO_MAILBOX_CONNECTED,
} from '@myodocs/shared/constants/email-messages'
import { USAGE_LIMIT_EXCEEDED } from '@myodocs/shared/contracts/subscription'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { businessSubscriptions, smtpAccounts } from '../../db/schema'
import { emailRig } from '../../../test/email-rig'
import type { SendAnswer } from '../../../test/email-rig'

const rig = emailRig()
const { readyAccount, accountBody, addAccount, sendBody, monthlyCount, logRows, inSent } = rig

describe('SMTP accounts', () => {
  test('add, list (no password), change, make default, delete; the first account is the default', async () => {
    const { account, agent } = await readyAccount()
    const first = await addAccount(agent)
    expect(first.isDefault).toBe(true)
    const second = await addAccount(agent, { name: 'Second' }, false)
    expect(second.isDefault).toBe(false)

    const list = await agent.get('/api/email/smtp-configs')
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(rig.login.password)
    expect(list.body).not.toContain(rig.dovecot.user.password)
    expect(list.body).not.toMatch(/password/i)
    const { configurations } = list.json<{
      data: { configurations: Array<{ id: string; isDefault: boolean; imapHost: string | null }> }
    }>().data
    expect(configurations.map((c) => [c.id, c.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ])

    // Sealed at rest: the stored value is neither the password nor readable in another row.
    const rows = await rig.t.app.db
      .select()
      .from(smtpAccounts)
      .where(eq(smtpAccounts.userId, account.id))
    for (const row of rows) {
      expect(row.smtpPasswordSealed).not.toContain(rig.login.password)
      expect(row.smtpPasswordSealed).toMatch(/^v1\./)
    }

    // A change without the password keeps it: the test still signs in.
    const changed = await agent.put(`/api/email/smtp-config/${second.id}`, {
      ...accountBody({ name: 'Renamed' }, false),
      smtpPassword: undefined,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const tested = await agent.post(`/api/email/smtp-config/${second.id}/test`)
    expect(tested.json<{ data: { smtp: { status: string } } }>().data.smtp.status).toBe('connected')

    const madeDefault = await agent.put(`/api/email/smtp-config/${second.id}/default`)
    expect(madeDefault.statusCode).toBe(200)
    expect(
      madeDefault
        .json<{ data: { configurations: Array<{ id: string; isDefault: boolean }> } }>()
        .data.configurations.filter((c) => c.isDefault)
        .map((c) => c.id),
    ).toEqual([second.id])

    const deleted = await agent.delete(`/api/email/smtp-config/${second.id}`)
    expect(deleted.statusCode).toBe(200)
    expect(
      deleted.json<{ data: { configurations: Array<{ id: string; isDefault: boolean }> } }>().data
        .configurations,
    ).toMatchObject([{ id: first.id, isDefault: true }])
  })

  test('another user’s account is not found by any call, and cannot send', async () => {
    const owner = await readyAccount()
    const id = (await addAccount(owner.agent)).id
    const { agent } = await readyAccount()
    for (const res of [
      await agent.put(`/api/email/smtp-config/${id}`, accountBody()),
      await agent.delete(`/api/email/smtp-config/${id}`),
      await agent.put(`/api/email/smtp-config/${id}/default`),
      await agent.post(`/api/email/smtp-config/${id}/test`),
      await agent.post('/api/email/send', sendBody({ account: { type: 'smtp', id } })),
      await agent.post(`/api/email/smtp-config/not-a-uuid/test`),
    ])
      expect(res.statusCode, res.body).toBe(404)
    const list = await agent.get('/api/email/smtp-configs')
    expect(list.json<{ data: { configurations: unknown[] } }>().data.configurations).toEqual([])
  })

  test('PUT /auth/smtp-config creates the default account (password required), then updates it', async () => {
    const { agent } = await readyAccount()
    const { smtpPassword: _omitted, ...withoutPassword } = accountBody({}, false)
    const refused = await agent.put('/api/auth/smtp-config', withoutPassword)
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ fields: Record<string, string> }>().fields).toHaveProperty('smtpPassword')

    const created = await agent.put('/api/auth/smtp-config', accountBody({}, false))
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json<{ data: { configuration: { id: string } } }>().data.configuration.id
    const updated = await agent.put('/api/auth/smtp-config', {
      ...withoutPassword,
      name: 'Front desk',
    })
    expect(
      updated.json<{ data: { configuration: { id: string; name: string } } }>().data.configuration,
    ).toMatchObject({ id, name: 'Front desk' })
    const list = await agent.get('/api/email/smtp-configs')
    expect(list.json<{ data: { configurations: unknown[] } }>().data.configurations).toHaveLength(1)
  })

  test('the connection test reports each step in words a therapist understands', async () => {
    const { agent } = await readyAccount()
    const good = await addAccount(agent)
    const res = await agent.post(`/api/email/smtp-config/${good.id}/test`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      smtp: { status: 'connected', failure: null },
      imap: { status: 'connected', failure: null },
      sentFolder: { status: 'found', path: rig.dovecot.sentFolder },
    })

    const wrong = await addAccount(agent, { smtpPassword: 'wrong password', imapPassword: 'nope' })
    const failed = await agent.post(`/api/email/smtp-config/${wrong.id}/test`)
    expect(failed.json<{ data: unknown }>().data).toMatchObject({
      smtp: {
        status: 'failed',
        failure: 'auth_failed',
        message: EMAIL_FAILURE_MESSAGES.auth_failed,
      },
      imap: { status: 'failed', failure: 'auth_failed' },
      sentFolder: { status: 'failed' },
    })

    const noImap = await addAccount(agent, {}, false)
    const partial = await agent.post(`/api/email/smtp-config/${noImap.id}/test`)
    expect(partial.json<{ data: unknown }>().data).toMatchObject({
      smtp: { status: 'connected' },
      imap: { status: 'not_configured' },
      sentFolder: { status: 'not_configured' },
    })
  })

  test('SSRF: metadata, link-local and non-mail ports are refused before any connection', async () => {
    const { agent } = await readyAccount()
    const before = rig.smtp.connections
    for (const overrides of [
      { smtpHost: 'metadata.test' },
      { smtpHost: 'rebind.test' },
      { smtpHost: '169.254.169.254' },
      { smtpHost: 'localhost', smtpPort: 22 },
      { smtpHost: '127.1' },
    ]) {
      const created = await agent.post('/api/email/smtp-config', accountBody(overrides, false))
      if (created.statusCode === 400) continue // refused already by the form's rules
      const id = created.json<{ data: { configuration: { id: string } } }>().data.configuration.id
      const res = await agent.post(`/api/email/smtp-config/${id}/test`)
      expect(
        res.json<{ data: { smtp: { failure: string } } }>().data.smtp.failure,
        JSON.stringify(overrides),
      ).toBe('host_refused')
    }
    // Sending through a refused host fails the same way, before any PDF is rendered or counted.
    const sender = await readyAccount()
    const refusedId = (
      await sender.agent.post('/api/email/smtp-config', accountBody({ smtpHost: 'metadata.test' }))
    ).json<{ data: { configuration: { id: string } } }>().data.configuration.id
    const countBefore = await monthlyCount(sender.account.businessId)
    const sent = await sender.agent.post(
      '/api/email/send',
      sendBody({ account: { type: 'smtp', id: refusedId } }),
    )
    expect(sent.statusCode).toBe(502)
    expect(sent.json<{ failure: string }>().failure).toBe('host_refused')
    expect(await monthlyCount(sender.account.businessId)).toBe(countBefore)
    expect(rig.smtp.connections).toBe(before)
  }, 120_000)
})

describe('sending', () => {
  test('the report and summary arrive intact to the patient, the referrer and the therapist (cc to self), and sit once in Sent', async () => {
    const { account, agent } = await readyAccount()
    await addAccount(agent)
    const settings = await agent.put('/api/settings/email', {
      settings: {
        ccToSelf: true,
        defaultFromName: 'Dana Reyes',
        defaultSignature: 'Dana Reyes, RDH',
      },
    })
    expect(settings.statusCode).toBe(200)
    const assessment = fullAssessment()
    const countBefore = await monthlyCount(account.businessId)
    const res = await agent.post(
      '/api/email/send',
      sendBody({
        documentTypes: ['assessment', 'patient-summary'],
        data: assessment,
        to: [{ name: 'Pat Example', address: 'pat@example.test' }],
        cc: [{ name: 'Dr Lee', address: 'referrals@dental.test' }],
        subject: 'Assessment documents',
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const { data } = res.json<SendAnswer>()
    expect(data).toMatchObject({ status: 'sent', sentCopy: 'filed' })
    expect(data.messageId).toMatch(/^<[0-9a-f-]+@clinic\.test>$/)

    const received = await rig.smtp.waitFor((m) => m.messageId === data.messageId)
    expect(received.envelopeTo).toEqual([
      'pat@example.test',
      'referrals@dental.test',
      'doc@clinic.test',
    ])
    expect(received.from?.value).toEqual([{ name: 'Dana Reyes', address: 'doc@clinic.test' }])
    expect(received.text).toContain('Dana Reyes, RDH')
    expect(received.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^Assessment-Report_Lindqvist-Moreno-Avery_\d{4}-\d{2}-\d{2}\.pdf$/),
      expect.stringMatching(/^Patient-Summary_Lindqvist-Moreno-Avery_/),
    ])
    for (const attachment of received.attachments) {
      expect(attachment.contentType).toBe('application/pdf')
      expect(readPdf(attachment.content).text).toContain('Lindqvist-Moreno')
    }
    expect(await monthlyCount(account.businessId)).toBe(countBefore + 2)

    const copies = await inSent(data.messageId)
    expect(copies).toHaveLength(1)
    expect(copies[0]!.raw.equals(received.raw)).toBe(true)
    expect(copies[0]!.flags).toContain('\\Seen')

    const [row] = await logRows(account.id)
    expect(row).toMatchObject({ status: 'sent', sentCopy: 'filed', messageId: data.messageId })
    expect(row!.recipientHashes).toHaveLength(3)
    expect(row!.recipientsSealed).not.toContain('pat@example.test')

    const log = await agent.get('/api/email/log')
    expect(log.json<{ data: unknown }>().data).toMatchObject({
      entries: [
        {
          status: 'sent',
          subject: 'Assessment documents',
          recipients: ['pat@example.test', 'referrals@dental.test', 'doc@clinic.test'],
          documentTypes: ['assessment', 'patient-summary'],
          provider: 'smtp',
          fromAddress: 'doc@clinic.test',
          sentCopy: 'filed',
          failure: null,
        },
      ],
      nextCursor: null,
    })
  }, 120_000)

  test('without IMAP the copy is not_configured; without any account the send says to connect one', async () => {
    const { agent } = await readyAccount()
    const none = await agent.post('/api/email/send', sendBody())
    expect(none.statusCode).toBe(400)
    expect(none.json<{ message: string }>().message).toBe(NO_MAILBOX_CONNECTED)

    await addAccount(agent, {}, false)
    const res = await agent.post('/api/email/send', sendBody())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<SendAnswer>().data).toMatchObject({
      status: 'sent',
      sentCopy: 'not_configured',
    })
  })

  test('the same idempotency key never sends twice, also when both requests race', async () => {
    const { agent } = await readyAccount()
    await addAccount(agent, {}, false)
    const body = sendBody()
    const first = await agent.post('/api/email/send', body)
    expect(first.statusCode).toBe(200)
    const again = await agent.post('/api/email/send', body)
    expect(again.statusCode).toBe(200)
    expect(again.json<SendAnswer>().data.messageId).toBe(first.json<SendAnswer>().data.messageId)
    expect(
      rig.smtp.messages.filter((m) => m.messageId === first.json<SendAnswer>().data.messageId),
    ).toHaveLength(1)

    const raced = sendBody()
    const before = rig.smtp.messages.length
    const answers = await Promise.all([
      agent.post('/api/email/send', raced),
      agent.post('/api/email/send', raced),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual(expect.arrayContaining([200]))
    for (const a of answers) expect([200, 409]).toContain(a.statusCode)
    // Let any straggler finish before counting.
    await new Promise((r) => setTimeout(r, 300))
    expect(rig.smtp.messages.length).toBe(before + 1)
  })

  test('injection attempts are refused with 400, and nothing is sent or logged', async () => {
    const { account, agent } = await readyAccount()
    await addAccount(agent, {}, false)
    const before = rig.smtp.connections
    const attempts = [
      { to: [{ address: 'p@example.test\r\nBcc: evil@attacker.test' }] },
      { to: [{ address: 'p@example.test, evil@attacker.test' }] },
      { to: [{ address: 'friends: evil@attacker.test;' }] },
      { to: [{ address: '"Pat" <p@example.test>' }] },
      { to: [{ name: 'Pat <evil@attacker.test>', address: 'p@example.test' }] },
      { to: [{ name: 'Pat\r\nBcc: evil@attacker.test', address: 'p@example.test' }] },
      { cc: [{ address: 'p@example.test' }], to: [{ address: 'P@example.test' }] },
      { subject: 'Hello\r\nBcc: evil@attacker.test' },
      { subject: '=?utf-8?q?=0D=0ABcc:_evil@attacker.test?=' },
      { to: 'p@example.test' },
      { documentTypes: ['assessment', 'exercise'] },
      { data: { sessionData: {} } },
    ]
    for (const overrides of attempts) {
      const res = await agent.post('/api/email/send', sendBody(overrides))
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400)
    }
    expect(rig.smtp.connections).toBe(before)
    expect(await logRows(account.id)).toEqual([])
  })

  test('a send the server refused gives its PDFs back; at the limit nothing is sent', async () => {
    const { account, agent } = await readyAccount()
    const bad = await addAccount(agent, { smtpPassword: 'wrong password' }, false)
    const before = await monthlyCount(account.businessId)
    const failed = await agent.post(
      '/api/email/send',
      sendBody({
        documentTypes: ['exercise', 'after-visit-summary'],
        account: { type: 'smtp', id: bad.id },
      }),
    )
    expect(failed.statusCode).toBe(502)
    expect(await monthlyCount(account.businessId)).toBe(before)

    await rig.t.app.db
      .update(businessSubscriptions)
      .set({ monthlyPdfGenerated: 10_000, monthlyPdfPeriod: usagePeriod(new Date()) })
      .where(eq(businessSubscriptions.businessId, account.businessId))
    const good = await addAccount(agent, {}, false)
    const connections = rig.smtp.connections
    const refused = await agent.post(
      '/api/email/send',
      sendBody({ account: { type: 'smtp', id: good.id } }),
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json<{ code: string }>().code).toBe(USAGE_LIMIT_EXCEEDED)
    expect(rig.smtp.connections).toBe(connections)
    // The refused click leaves no row: only the failed send is in the log.
    expect((await logRows(account.id)).map((r) => r.status)).toEqual(['failed'])
  })
})
