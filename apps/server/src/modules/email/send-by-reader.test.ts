/**
 * Sending by reader and honest states, against smtp-server and Dovecot on loopback: `messages`
 * sends each reader their own email with only their documents and files one Sent copy per email;
 * a partly refused send says which recipient was refused the same way in the answer, the email
 * log and the Activity log; a failed send gives its PDFs back and its retry counts them once; a
 * send a process left behind is swept, and its retry sends exactly once. Rules:
 * docs/product/email.md.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { fullAssessment } from '@myodocs/documents/fixtures/assessment'
import type { AuditEntry } from '@myodocs/shared/contracts/audit'
import { companionEmailLines } from '@myodocs/shared/constants/companion-messages'
import {
  EMAIL_FAILURE_MESSAGES,
  EXPECTS_STARTTLS_MESSAGE,
  portNotAllowedMessage,
} from '@myodocs/shared/constants/email-messages'
import { emailLog } from '../../db/schema'
import { recipientHash } from '../../email/recipient-hash'
import { emailRig } from '../../../test/email-rig'
import type { SendAnswer } from '../../../test/email-rig'
import { testContext } from '../../../test/test-context'
import { printedCompanionLink } from '../../../test/companion-link'
import { STALE_SENDING_MS, recoverStaleSends } from './send'
import { scheduleSendSweep } from './send-log'

const rig = emailRig()
const { readyAccount, addAccount, sendBody, monthlyCount, logRows, inSent, key } = rig

type MessagesAnswer = {
  data: {
    messages: Array<{
      status: string
      messageId: string
      sentCopy: string | null
      recipients: Array<{ address: string; status: string; reason?: string }>
      failure: string | null
    }>
  }
}

const referrer = { name: 'Dr Lee', address: 'referrals@dental.test' }
const patient = { name: 'Pat Example', address: 'pat@example.test' }

function byReader(idempotencyKey = key()) {
  return {
    data: fullAssessment(),
    messages: [
      {
        to: [referrer],
        documentTypes: ['assessment'],
        subject: 'Assessment report',
        message: 'Dear Dr Lee,\n\nThe assessment report is attached.',
      },
      {
        to: [patient],
        documentTypes: ['patient-summary'],
        subject: 'Your assessment summary',
        message: 'Hello,\n\nYour summary is attached.',
      },
    ],
    idempotencyKey,
  }
}

describe('sending by reader', () => {
  test('each reader gets their own email with only their document; one Sent copy, one log row and one Activity event per email', async () => {
    const { account, agent } = await readyAccount()
    await addAccount(agent)
    const before = await monthlyCount(account.businessId)
    const body = byReader()
    const res = await agent.post('/api/email/send', body)
    expect(res.statusCode, res.body).toBe(200)
    const { messages } = res.json<MessagesAnswer>().data
    expect(messages).toMatchObject([
      {
        status: 'sent',
        sentCopy: 'filed',
        recipients: [{ address: referrer.address, status: 'accepted' }],
        failure: null,
      },
      {
        status: 'sent',
        sentCopy: 'filed',
        recipients: [{ address: patient.address, status: 'accepted' }],
        failure: null,
      },
    ])
    const [toReferrer, toPatient] = await Promise.all(
      messages.map((m) => rig.smtp.waitFor((r) => r.messageId === m.messageId)),
    )
    expect(toReferrer!.envelopeTo).toEqual([referrer.address])
    expect(toReferrer!.to).toMatchObject({ value: [referrer] })
    expect(toReferrer!.subject).toBe('Assessment report')
    expect(toReferrer!.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^Assessment-Report_Lindqvist-Moreno-Avery_/),
    ])
    expect(toPatient!.envelopeTo).toEqual([patient.address])
    expect(toPatient!.to).toMatchObject({ value: [patient] })
    expect(toPatient!.raw.toString('latin1')).not.toContain(referrer.address)
    expect(toPatient!.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^Patient-Summary_Lindqvist-Moreno-Avery_/),
    ])
    for (const m of messages) expect(await inSent(m.messageId)).toHaveLength(1)
    expect(await monthlyCount(account.businessId)).toBe(before + 2)

    const log = await agent.get('/api/email/log')
    const { entries } = log.json<{
      data: { entries: Array<{ subject: string; recipientResults: unknown; status: string }> }
    }>().data
    expect(entries.map((e) => [e.subject, e.status, e.recipientResults]).sort()).toEqual([
      ['Assessment report', 'sent', [{ address: referrer.address, status: 'accepted' }]],
      ['Your assessment summary', 'sent', [{ address: patient.address, status: 'accepted' }]],
    ])
    const audit = await agent.get('/api/audit?event=email.sent')
    expect(audit.json<{ data: { entries: AuditEntry[] } }>().data.entries).toHaveLength(2)

    // The same click again answers the same two emails and sends nothing.
    const sentBefore = rig.smtp.messages.length
    const again = await agent.post('/api/email/send', body)
    expect(again.json<MessagesAnswer>().data.messages.map((m) => m.messageId)).toEqual(
      messages.map((m) => m.messageId),
    )
    expect(rig.smtp.messages.length).toBe(sentBefore)
    expect(await monthlyCount(account.businessId)).toBe(before + 2)
  }, 120_000)

  test('either messages or one message’s own fields; every document of one page', async () => {
    const { agent } = await readyAccount()
    await addAccount(agent, {}, false)
    const mixed = await agent.post('/api/email/send', { ...byReader(), subject: 'Both' })
    expect(mixed.statusCode).toBe(400)
    const twoPages = byReader()
    twoPages.messages[1]!.documentTypes = ['exercise']
    expect((await agent.post('/api/email/send', twoPages)).statusCode).toBe(400)
  })
})

describe('the home program', () => {
  test('the email that carries the program repeats the companion link its QR code opens; the other reader’s does not', async () => {
    const { agent } = await readyAccount()
    await addAccount(agent, {}, false)
    const subject = `Program ${key()}`
    const res = await agent.post('/api/email/send', sendBody({ subject }))
    expect(res.statusCode, res.body).toBe(200)
    const received = await rig.smtp.waitFor((m) => m.subject === subject)
    const publicUrl = rig.t.app.config.publicUrl
    const printed = printedCompanionLink(received.attachments[0]!.content, publicUrl)
    expect(printed).toMatch(new RegExp(`^${publicUrl}/companion/#.{40,}`))
    expect(received.text).toContain(companionEmailLines(printed!))
    expect(received.text).toContain('Your exercises are attached.')

    // A message without the program (the assessment report to the referrer) has no link.
    const byReaders = await agent.post('/api/email/send', byReader())
    const [toReferrer] = await Promise.all(
      byReaders
        .json<MessagesAnswer>()
        .data.messages.map((m) => rig.smtp.waitFor((r) => r.messageId === m.messageId)),
    )
    expect(toReferrer!.text).not.toContain('/companion/')
  }, 120_000)
})

describe('states that agree', () => {
  test('one recipient refused with 550: sent, and the refusal reads the same in the answer, the log and Activity', async () => {
    const { account, agent } = await readyAccount()
    await addAccount(agent, {}, false)
    rig.smtp.setFaults({ refuseRecipients: ['gone@example.test'] })
    try {
      const res = await agent.post(
        '/api/email/send',
        sendBody({ to: [patient, { address: 'gone@example.test' }] }),
      )
      expect(res.statusCode, res.body).toBe(200)
      const recipients = [
        { address: patient.address, status: 'accepted' },
        { address: 'gone@example.test', status: 'refused', reason: 'recipient_rejected' },
      ]
      expect(res.json<SendAnswer>().data).toMatchObject({ status: 'sent', recipients })
      const received = await rig.smtp.waitFor(
        (m) => m.messageId === res.json<SendAnswer>().data.messageId,
      )
      expect(received.envelopeTo).toEqual([patient.address])

      const log = await agent.get('/api/email/log')
      expect(
        log.json<{ data: { entries: Array<{ recipientResults: unknown }> } }>().data.entries[0]!
          .recipientResults,
      ).toEqual(recipients)
      const audit = await agent.get('/api/audit?event=email.sent')
      const [event] = audit.json<{ data: { entries: AuditEntry[] } }>().data.entries
      expect(event!.details).toMatchObject({
        recipientHashes: [patient.address, 'gone@example.test'].map((a) =>
          recipientHash(rig.t.config.appSecret, a),
        ),
        recipientStatuses: ['accepted', 'refused'],
      })
      expect((await logRows(account.id))[0]!.recipientsSealed).not.toContain('gone@example.test')
    } finally {
      rig.smtp.setFaults({})
    }
  })

  test('a failed send costs no PDF, and its retry with the same key sends once and counts once', async () => {
    const { account, agent } = await readyAccount()
    const { id } = await addAccount(agent, { smtpPassword: 'wrong password' }, false)
    const before = await monthlyCount(account.businessId)
    const body = sendBody({ account: { type: 'smtp', id } })
    const failed = await agent.post('/api/email/send', body)
    expect(failed.statusCode).toBe(502)
    expect(failed.json<{ failure: string }>().failure).toBe('auth_failed')
    expect(await monthlyCount(account.businessId)).toBe(before)
    expect(rig.t.logs()).toMatch(
      /"level":40[^\n]*"failure":"auth_failed"[^\n]*"msg":"email not sent"/,
    )
    expect(rig.t.logs()).not.toMatch(/"failure":"auth_failed"[^\n]*"stack"/)

    // The password fixed, Try again sends the same click once.
    const fixed = await agent.put(`/api/email/smtp-config/${id}`, {
      ...rig.accountBody({}, false),
    })
    expect(fixed.statusCode).toBe(200)
    const retried = await agent.post('/api/email/send', body)
    expect(retried.statusCode, retried.body).toBe(200)
    const { messageId } = retried.json<SendAnswer>().data
    await rig.smtp.waitFor((m) => m.messageId === messageId)
    const again = await agent.post('/api/email/send', body)
    expect(again.json<SendAnswer>().data.messageId).toBe(messageId)
    expect(rig.smtp.messages.filter((m) => m.messageId === messageId)).toHaveLength(1)
    expect(await monthlyCount(account.businessId)).toBe(before + 1)
    expect((await logRows(account.id)).map((r) => r.status)).toEqual(['sent'])
  })

  test('a send cut off before it reached the server is swept while the server runs; its retry sends exactly once', async () => {
    const { account, agent } = await readyAccount()
    await addAccount(agent, {}, false)
    const subject = `Swept ${key()}`
    const body = sendBody({ subject })
    // As a process that died mid-render leaves it: claimed long ago, never handed over.
    const claimedAt = new Date(Date.now() - STALE_SENDING_MS - 1_000)
    await rig.t.app.db.insert(emailLog).values({
      id: crypto.randomUUID(),
      userId: account.id,
      businessId: account.businessId,
      idempotencyKey: body.idempotencyKey,
      status: 'sending',
      provider: 'smtp',
      fromAddress: 'doc@clinic.test',
      recipientsSealed: 'x',
      recipientHashes: [],
      subjectSealed: 'x',
      documentTypes: ['exercise'],
      createdAt: claimedAt,
    })
    expect((await agent.post('/api/email/send', body)).statusCode).toBe(409)

    // The running server's sweep (here every 50 ms) finds it.
    const stop = scheduleSendSweep(testContext(rig.t.app.db), 50)
    try {
      await expect
        .poll(async () => (await logRows(account.id)).map((r) => [r.status, r.failure]))
        .toEqual([['failed', 'interrupted']])
    } finally {
      stop()
    }
    const swept = await agent.get('/api/email/log')
    expect(
      swept.json<{ data: { entries: Array<{ status: string; failureMessage: string }> } }>().data
        .entries[0],
    ).toMatchObject({ status: 'failed', failureMessage: EMAIL_FAILURE_MESSAGES.interrupted })

    const retried = await agent.post('/api/email/send', body)
    expect(retried.statusCode, retried.body).toBe(200)
    const again = await agent.post('/api/email/send', body)
    expect(again.statusCode).toBe(200)
    await rig.smtp.waitFor((m) => m.subject === subject)
    expect(rig.smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1)
  })

  test('a send handed to the server before the process ended is unknown after the sweep, and never sent again', async () => {
    const { account, agent } = await readyAccount()
    await addAccount(agent, {}, false)
    const subject = `Handed over ${key()}`
    const body = sendBody({ subject })
    const first = await agent.post('/api/email/send', body)
    expect(first.statusCode).toBe(200)
    await rig.t.app.db
      .update(emailLog)
      .set({
        status: 'sending',
        finishedAt: null,
        createdAt: new Date(Date.now() - STALE_SENDING_MS - 1_000),
      })
      .where(eq(emailLog.userId, account.id))
    await recoverStaleSends(testContext(rig.t.app.db))
    const retried = await agent.post('/api/email/send', body)
    expect(retried.statusCode).toBe(200)
    expect(retried.json<SendAnswer>().data).toMatchObject({
      status: 'unknown',
      recipients: [{ address: patient.address, status: 'unconfirmed' }],
    })
    expect(rig.smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1)
  })
})

describe('headers', () => {
  test('the saved From name reaches the recipient exactly, commas, quotes and accents included; none saved, the therapist’s own name', async () => {
    // The factory's therapist is Dana Reyes.
    const { agent } = await readyAccount()
    await addAccount(agent, {}, false)
    for (const name of [
      'Dana Probe, RDH · Probe Myo Clinic',
      'Dana "DJ" Probe, RDH',
      'Zoë Núñez-Åberg, Myofunctional Therapist',
    ]) {
      const saved = await agent.put('/api/settings/email', { settings: { defaultFromName: name } })
      expect(saved.statusCode, saved.body).toBe(200)
      const subject = `From ${key()}`
      const res = await agent.post('/api/email/send', sendBody({ subject }))
      expect(res.statusCode, res.body).toBe(200)
      const received = await rig.smtp.waitFor((m) => m.subject === subject)
      expect(received.from?.value).toEqual([{ name, address: 'doc@clinic.test' }])
      // One From line, one mailbox: the comma did not split it into two addresses.
      const header = received.raw.toString('latin1').split('\r\n\r\n')[0]!
      expect(header.match(/^From: /gm)).toHaveLength(1)
    }
    const cleared = await agent.put('/api/settings/email', { settings: { defaultFromName: '' } })
    expect(cleared.statusCode).toBe(200)
    const subject = `Own name ${key()}`
    expect((await agent.post('/api/email/send', sendBody({ subject }))).statusCode).toBe(200)
    const received = await rig.smtp.waitFor((m) => m.subject === subject)
    expect(received.from?.value[0]?.name).toBe('Dana Reyes')
    // Four sends, each rendering its PDF, on a machine other suites share.
  }, 120_000)

  test('recipient names with commas, quotes and accents reach the recipients exactly, one mailbox each', async () => {
    const { agent } = await readyAccount()
    await addAccount(agent, {}, false)
    const to = [{ name: 'Lee, Sam "Sammy" DDS', address: 'lee@dental.test' }]
    const cc = [{ name: 'Zoë Núñez; ENT', address: 'ent@hospital.test' }]
    const subject = `Names ${key()}`
    const res = await agent.post('/api/email/send', sendBody({ subject, to, cc }))
    expect(res.statusCode, res.body).toBe(200)
    const received = await rig.smtp.waitFor((m) => m.subject === subject)
    expect(received.to).toMatchObject({ value: to })
    expect(received.cc).toMatchObject({ value: cc })
    expect(received.envelopeTo.sort()).toEqual(['ent@hospital.test', 'lee@dental.test'])
  })

  test('a From name with a line break or an encoded word is refused when saved', async () => {
    const { agent } = await readyAccount()
    for (const name of ['Dana\r\nBcc: evil@attacker.test', '=?utf-8?q?Dana?='])
      expect(
        (await agent.put('/api/settings/email', { settings: { defaultFromName: name } }))
          .statusCode,
      ).toBe(400)
  })
})

describe('failure texts', () => {
  test('a port not allowed is named, the same by Test and by Send, and costs no PDF', async () => {
    const { account, agent } = await readyAccount()
    const { id } = await addAccount(agent, { smtpPort: 2526 }, false)
    const text = portNotAllowedMessage(2526)
    expect(text).toBe('Port 2526 is not allowed for mail servers')
    const tested = await agent.post(`/api/email/smtp-config/${id}/test`)
    expect(tested.json<{ data: { smtp: unknown } }>().data.smtp).toEqual({
      status: 'failed',
      failure: 'host_refused',
      message: text,
    })
    const before = await monthlyCount(account.businessId)
    const sent = await agent.post('/api/email/send', sendBody({ account: { type: 'smtp', id } }))
    expect(sent.statusCode).toBe(502)
    expect(sent.json()).toMatchObject({ failure: 'host_refused', message: text })
    expect(await monthlyCount(account.businessId)).toBe(before)
    expect((await logRows(account.id))[0]).toMatchObject({ status: 'failed', failureMessage: text })
  })

  test('SSL/TLS chosen for a STARTTLS port names the protocol the port expects, by Test and by Send, and costs no PDF', async () => {
    const { account, agent } = await readyAccount()
    const { id } = await addAccount(agent, { smtpSecurity: 'tls' }, false)
    const tested = await agent.post(`/api/email/smtp-config/${id}/test`)
    expect(tested.json<{ data: { smtp: unknown } }>().data.smtp).toEqual({
      status: 'failed',
      failure: 'tls_failed',
      message: EXPECTS_STARTTLS_MESSAGE,
    })
    const before = await monthlyCount(account.businessId)
    const sent = await agent.post('/api/email/send', sendBody({ account: { type: 'smtp', id } }))
    expect(sent.json()).toMatchObject({ failure: 'tls_failed', message: EXPECTS_STARTTLS_MESSAGE })
    expect(await monthlyCount(account.businessId)).toBe(before)
    expect((await logRows(account.id))[0]).toMatchObject({
      status: 'failed',
      failureMessage: EXPECTS_STARTTLS_MESSAGE,
    })
  })
})
