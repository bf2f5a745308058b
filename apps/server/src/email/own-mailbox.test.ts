/**
 * API (no HTTP): sending from the therapist's own mailbox end to end, as the send route will
 * chain it: compose once → SMTP (STARTTLS, AUTH) under the retry rule → the same bytes filed in
 * the Dovecot Sent folder. The message arrives with its PDF intact, to exactly the validated
 * recipients, and sits exactly once in Sent.
 */
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MailboxSchema } from '@myodocs/shared/contracts/email'
import type { Mailbox } from '@myodocs/shared/contracts/email'
import { testMailPolicy } from '../../test/mail-policy'
import { startTestDovecot } from '../../test/test-dovecot'
import type { TestDovecot } from '../../test/test-dovecot'
import { startTestSmtp } from '../../test/test-smtp'
import type { TestSmtp } from '../../test/test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from '../../test/test-tls'
import { composeMessage } from './compose'
import type { MailConnectionPolicy } from './connection-policy'
import { deliver } from './deliver'
import { fileSentCopy } from './sent-folder'
import type { ImapAccount } from './sent-folder'
import { createSmtpTransport } from './transports/smtp'

const login = { user: 'doc@clinic.test', password: 'a long and unguessable password' }
const report = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300 * 1024)])
const summary = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40 * 1024)])

let smtp: TestSmtp
let dovecot: TestDovecot
let policy: MailConnectionPolicy
let imap: ImapAccount

beforeAll(async () => {
  const certificates = await testCertificates()
  ;[smtp, dovecot] = await Promise.all([
    startTestSmtp({ auth: login, tls: 'starttls', certificate: certificates.server }),
    startTestDovecot(),
  ])
  policy = testMailPolicy({ ca: certificates.ca, ports: [smtp.port, dovecot.tlsPort] })
  imap = {
    host: TEST_MAIL_HOSTNAME,
    port: dovecot.tlsPort,
    security: 'tls',
    user: dovecot.user.name,
    password: dovecot.user.password,
  }
})
afterAll(async () => {
  await Promise.all([smtp?.close(), dovecot?.close()])
})

const transport = () =>
  createSmtpTransport(
    { host: TEST_MAIL_HOSTNAME, port: smtp.port, security: 'starttls', ...login },
    { policy },
  )

async function send(to: Mailbox[], cc: Mailbox[] = []) {
  const message = await composeMessage({
    from: { name: 'Dana Reyes', address: 'doc@clinic.test' },
    to,
    cc,
    subject: 'Your assessment documents',
    text: 'Hello,\n\nThe assessment report and your summary are attached.\n\nDana Reyes, RDH',
    attachments: [
      { filename: 'Assessment-Report.pdf', content: report, contentType: 'application/pdf' },
      { filename: 'Patient-Summary.pdf', content: summary, contentType: 'application/pdf' },
    ],
  })
  const delivery = await deliver(transport(), message)
  return { message, delivery }
}

describe('sending from the own mailbox', () => {
  it('delivers both PDFs intact to the patient, the referrer and the therapist, and files one copy in Sent', async () => {
    const { message, delivery } = await send(
      [{ name: 'Pat Example', address: 'pat@example.test' }],
      [{ name: 'Dr. Lee', address: 'referrals@dental.test' }, { address: 'doc@clinic.test' }],
    )
    expect(delivery).toMatchObject({ ok: true, attempts: 1 })
    const received = await smtp.waitFor((m) => m.messageId === message.messageId)
    expect(received.envelopeTo).toEqual([
      'pat@example.test',
      'referrals@dental.test',
      'doc@clinic.test',
    ])
    expect(received.raw.equals(message.raw)).toBe(true)
    expect(received.attachments.map((a) => a.filename)).toEqual([
      'Assessment-Report.pdf',
      'Patient-Summary.pdf',
    ])
    expect(received.attachments[0]!.content.equals(report)).toBe(true)
    expect(received.attachments[1]!.content.equals(summary)).toBe(true)

    const ids = [
      message.messageId,
      ...(delivery.ok && delivery.receipt.replacedMessageId
        ? [delivery.receipt.replacedMessageId]
        : []),
    ]
    const filed = await fileSentCopy(imap, { raw: message.raw, messageIds: ids }, { policy })
    expect(filed).toEqual({ outcome: 'filed', folder: 'Sent' })
    const inSent = (await dovecot.messages()).filter((m) => m.raw.includes(message.messageId))
    expect(inSent).toHaveLength(1)
    expect(inSent[0]!.raw.equals(message.raw)).toBe(true)
  })

  it('keeps one copy in Sent when the provider filed it already', async () => {
    const { message } = await send([{ address: 'pat@example.test' }])
    await dovecot.append(message.raw)
    const filed = await fileSentCopy(
      imap,
      { raw: message.raw, messageIds: [message.messageId] },
      { policy },
    )
    expect(filed.outcome).toBe('already_filed')
    expect(
      (await dovecot.messages()).filter((m) => m.raw.includes(message.messageId)),
    ).toHaveLength(1)
  })

  it('sends to exactly the validated recipients, whatever their names and addresses (property, over SMTP)', async () => {
    const piece = fc.oneof(
      fc.stringMatching(/^[a-z]{1,5}$/),
      fc.constantFrom(
        '\r\n',
        ',',
        ';',
        '"',
        '<',
        '>',
        ':',
        ' ',
        'é',
        '中',
        'Bcc: evil@attacker.test',
      ),
    )
    const text = fc.array(piece, { maxLength: 4 }).map((p) => p.join(''))
    const mailbox = fc.record({
      name: fc.option(text, { nil: undefined }),
      address: fc
        .tuple(text, fc.constantFrom('example.test', 'dental.test'))
        .map(([l, d]) => `${l}@${d}`),
    })
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(mailbox, {
          minLength: 1,
          maxLength: 3,
          selector: (m) => m.address.toLowerCase(),
        }),
        async (inputs) => {
          const valid = inputs.flatMap((m) => {
            const parsed = MailboxSchema.safeParse(m)
            return parsed.success ? [parsed.data] : []
          })
          const unique = valid.filter(
            (m, i) =>
              valid.findIndex((o) => o.address.toLowerCase() === m.address.toLowerCase()) === i,
          )
          if (unique.length === 0) return
          const before = smtp.messages.length
          const { message, delivery } = await send(unique)
          expect(delivery.ok).toBe(true)
          const received = await smtp.waitFor((m) => m.messageId === message.messageId)
          expect(smtp.messages.length).toBe(before + 1)
          expect(received.envelopeTo.map((a) => a.toLowerCase())).toEqual(
            unique.map((m) => m.address.toLowerCase()),
          )
          expect(received.headers.has('bcc')).toBe(false)
        },
      ),
      { numRuns: 40 },
    )
  })
})
