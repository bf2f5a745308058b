/**
 * API (no HTTP): the SMTP transport against a real smtp-server on loopback. TLS is the client's
 * to enforce, every scripted fault ends in its failure class within the short test timeouts, and
 * the retry rule never sends twice what may have been accepted (the server's counts prove it).
 */
import { createServer } from 'node:net'
import type { AddressInfo, Server } from 'node:net'
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../test/free-port'
import {
  mailFailureOf as failureOf,
  TEST_MAIL_TIMEOUTS,
  testMailPolicy,
  testResolver,
} from '../../../test/mail-policy'
import { startTestSmtp } from '../../../test/test-smtp'
import type { TestSmtp, TestSmtpOptions } from '../../../test/test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from '../../../test/test-tls'
import type { TestCertificates } from '../../../test/test-tls'
import { composeMessage } from '../compose'
import type { ComposedMessage } from '../compose'
import type { MailConnectionPolicy } from '../connection-policy'
import { deliver } from '../deliver'
import type { RetryPolicy } from '../deliver'
import { createSmtpTransport } from './smtp'
import type { SmtpAccount } from './smtp'

const account = { user: 'dana@clinic.test', password: 'correct horse battery staple' }
const fastRetry: RetryPolicy = { maxRetries: 2, backoffMs: [10, 20], maxRetryAfterMs: 10_000 }
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200 * 1024)])

let certificates: TestCertificates
const servers: TestSmtp[] = []

beforeAll(async () => {
  certificates = await testCertificates()
})
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function server(options: Partial<TestSmtpOptions> = {}) {
  const smtp = await startTestSmtp({
    auth: account,
    tls: 'starttls',
    certificate: certificates.server,
    ...options,
  })
  servers.push(smtp)
  return smtp
}

const policyFor = (port: number, over: Partial<MailConnectionPolicy> = {}) =>
  testMailPolicy({ ca: certificates.ca, ports: [port], ...over })

const accountFor = (port: number, over: Partial<SmtpAccount> = {}): SmtpAccount => ({
  host: TEST_MAIL_HOSTNAME,
  port,
  security: 'starttls',
  ...account,
  ...over,
})

function compose(): Promise<ComposedMessage> {
  return composeMessage({
    from: { name: 'Dana Reyes', address: 'dana@clinic.test' },
    to: [{ name: 'Pat Example', address: 'pat@example.test' }],
    cc: [{ address: 'referrer@dental.test' }],
    subject: 'Your assessment report',
    text: 'Please find the report attached.',
    attachments: [
      { filename: 'Assessment-Report.pdf', content: pdf, contentType: 'application/pdf' },
    ],
  })
}

describe('SMTP transport: sending', () => {
  it('sends over STARTTLS with AUTH PLAIN: the PDF arrives byte-identical, to exactly the envelope', async () => {
    const smtp = await server()
    const message = await compose()
    const receipt = await createSmtpTransport(accountFor(smtp.port), {
      policy: policyFor(smtp.port),
    }).send(message.raw, message.envelope)
    expect(receipt.accepted).toEqual(['pat@example.test', 'referrer@dental.test'])
    expect(receipt.rejected).toEqual([])
    expect(smtp.logins).toEqual(['PLAIN'])
    expect(smtp.messages).toHaveLength(1)
    const received = smtp.messages[0]!
    expect(received.raw.equals(message.raw)).toBe(true)
    expect(received.envelopeTo).toEqual(['pat@example.test', 'referrer@dental.test'])
    expect(received.messageId).toBe(message.messageId)
    expect(received.attachments[0]!.content.equals(pdf)).toBe(true)
  })

  it('sends over implicit TLS with AUTH LOGIN', async () => {
    const smtp = await server({ tls: 'tls', authMethods: ['LOGIN'] })
    const message = await compose()
    await createSmtpTransport(accountFor(smtp.port, { security: 'tls' }), {
      policy: policyFor(smtp.port),
    }).send(message.raw, message.envelope)
    expect(smtp.logins).toEqual(['LOGIN'])
    expect(smtp.messages[0]!.raw.equals(message.raw)).toBe(true)
  })

  it('verifies an account by signing in without sending', async () => {
    const smtp = await server()
    await createSmtpTransport(accountFor(smtp.port), { policy: policyFor(smtp.port) }).verify()
    expect(smtp.logins).toEqual(['PLAIN'])
    expect(smtp.messages).toHaveLength(0)
  })

  it('sends without TLS only when the policy allows insecure connections', async () => {
    const smtp = await server({ tls: 'none' })
    const plain = accountFor(smtp.port, { security: 'none' })
    const refused = await failureOf(
      createSmtpTransport(plain, { policy: policyFor(smtp.port) }).verify(),
    )
    expect(refused.failure).toBe('tls_failed')
    expect(smtp.connections).toBe(0)
    await createSmtpTransport(plain, {
      policy: policyFor(smtp.port, { allowInsecure: true }),
    }).verify()
    expect(smtp.logins).toEqual(['PLAIN'])
  })
})

describe('SMTP transport: failure classes', () => {
  const classOf = async (
    smtp: { port: number },
    over: Partial<SmtpAccount> = {},
    policy: Partial<MailConnectionPolicy> = {},
  ) =>
    failureOf(
      createSmtpTransport(accountFor(smtp.port, over), {
        policy: policyFor(smtp.port, policy),
      }).verify(),
    )

  it('connection refused → connection_failed, retryable', async () => {
    const failure = await classOf({ port: await freePort() })
    expect(failure.failure).toBe('connection_failed')
    expect(failure.retryable).toBe(true)
    expect(failure.phase).toBe('before_acceptance')
  })

  it('a certificate no trusted CA signed → tls_failed, not retried', async () => {
    const smtp = await server({ tls: 'tls', certificate: certificates.untrusted })
    const failure = await classOf(smtp, { security: 'tls' })
    expect(failure.failure).toBe('tls_failed')
    expect(failure.retryable).toBe(false)
    expect(smtp.logins).toEqual([])
  })

  it('a certificate for another name → tls_failed naming both (the typed name is what is verified)', async () => {
    const policy = { resolve: testResolver({ 'smtp.other.test': ['127.0.0.1'] }) }
    for (const security of ['tls', 'starttls'] as const) {
      const smtp = await server({ tls: security })
      const failure = await classOf(smtp, { security, host: 'smtp.other.test' }, policy)
      expect(failure.failure).toBe('tls_failed')
      expect(failure.text).toBe(
        "The server's certificate is for mail.test, localhost, not smtp.other.test",
      )
      expect(smtp.logins).toEqual([])
    }
  })

  it('STARTTLS chosen for an implicit-TLS port → says so within seconds, not at the timeout', async () => {
    const smtp = await server({ tls: 'tls' })
    const started = Date.now()
    const failure = await classOf(smtp, { security: 'starttls' })
    expect(failure.failure).toBe('tls_failed')
    expect(failure.text).toBe('This port expects SSL/TLS; choose SSL/TLS or port 587')
    // The probe starts after 1.5 s here (half the test greeting timeout), well before the 3 s timeout.
    expect(Date.now() - started).toBeLessThan(TEST_MAIL_TIMEOUTS.greetingMs)
    expect(smtp.logins).toEqual([])
  })

  it('SSL/TLS chosen for a STARTTLS port → names STARTTLS', async () => {
    const smtp = await server({ tls: 'starttls' })
    const failure = await classOf(smtp, { security: 'tls' })
    expect(failure.failure).toBe('tls_failed')
    expect(failure.text).toBe('This port expects STARTTLS; choose STARTTLS or port 465')
  })

  it('STARTTLS required but not offered → tls_failed, and the password never goes out', async () => {
    const smtp = await server({ tls: 'none' })
    const failure = await classOf(smtp)
    expect(failure.failure).toBe('tls_failed')
    expect(smtp.logins).toEqual([])
  })

  it('implicit TLS against a plaintext server → tls_failed, naming STARTTLS', async () => {
    const smtp = await server({ tls: 'none' })
    const failure = await classOf(smtp, { security: 'tls' })
    expect(failure.failure).toBe('tls_failed')
    expect(failure.text).toBe('This port expects STARTTLS; choose STARTTLS or port 465')
  })

  it('bad credentials (535) → auth_failed, not retried', async () => {
    const smtp = await server()
    const failure = await classOf(smtp, { password: 'wrong' })
    expect(failure.failure).toBe('auth_failed')
    expect(failure.retryable).toBe(false)
    expect(failure.message).not.toContain('wrong')
  })

  it("Microsoft's 5.7.139 → smtp_auth_disabled", async () => {
    const smtp = await server()
    smtp.setFaults({
      authReply:
        '5.7.139 Authentication unsuccessful, SmtpClientAuthentication is disabled for the Tenant. Visit https://aka.ms/smtp_auth_disabled for more information.',
    })
    expect((await classOf(smtp)).failure).toBe('smtp_auth_disabled')
  })

  it('421 instead of a greeting → temporary_failure, retryable', async () => {
    const smtp = await server()
    smtp.setFaults({ greeting: 'reject' })
    const failure = await classOf(smtp)
    expect(failure.failure).toBe('temporary_failure')
    expect(failure.retryable).toBe(true)
  })

  it('no greeting at all → connection_failed within the greeting timeout', async () => {
    const smtp = await server()
    smtp.setFaults({ greeting: 'silent' })
    const started = Date.now()
    const failure = await classOf(smtp)
    expect(failure.failure).toBe('connection_failed')
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('a host the guard refuses → host_refused before any connection', async () => {
    const listener: Server = createServer((socket) => socket.destroy())
    let connections = 0
    listener.on('connection', () => connections++)
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const { port } = listener.address() as AddressInfo
    try {
      for (const host of [
        '127.0.0.1',
        'localhost',
        '2130706433',
        '[::ffff:127.0.0.1]',
        TEST_MAIL_HOSTNAME,
      ]) {
        const failure = await classOf({ port }, { host }, { allowPrivateHosts: false })
        expect(failure.failure, host).toBe('host_refused')
      }
      // The port is not a mail port and this policy adds none.
      const off = await failureOf(
        createSmtpTransport(accountFor(port), {
          policy: { ...policyFor(port), extraPorts: [] },
        }).verify(),
      )
      expect(off.failure).toBe('host_refused')
      expect(connections).toBe(0)
    } finally {
      await new Promise((resolve) => listener.close(resolve))
    }
  })
})

describe('SMTP transport: the retry rule', () => {
  const send = (smtp: TestSmtp, message: ComposedMessage) =>
    deliver(createSmtpTransport(accountFor(smtp.port), { policy: policyFor(smtp.port) }), message, {
      retry: fastRetry,
    })

  it('451 on RCPT TO before acceptance → retried, delivered exactly once', async () => {
    const smtp = await server()
    smtp.setFaults({ rcptFailures: 2 })
    const message = await compose()
    const result = await send(smtp, message)
    expect(result.ok).toBe(true)
    expect(result.attempts).toBe(2)
    expect(smtp.messages).toHaveLength(1)
    expect(smtp.messages[0]!.envelopeTo).toEqual(['pat@example.test', 'referrer@dental.test'])
  })

  it('a failure that lasts → at most 2 retries, then the class', async () => {
    const smtp = await server()
    smtp.setFaults({ greeting: 'reject' })
    const result = await send(smtp, await compose())
    expect(result).toMatchObject({ ok: false, attempts: 3 })
    expect(!result.ok && result.failure.failure).toBe('temporary_failure')
    expect(smtp.connections).toBe(3)
    expect(smtp.messages).toHaveLength(0)
  })

  it('bad credentials → one attempt only', async () => {
    const smtp = await server()
    const result = await deliver(
      createSmtpTransport(accountFor(smtp.port, { password: 'wrong' }), {
        policy: policyFor(smtp.port),
      }),
      await compose(),
      { retry: fastRetry },
    )
    expect(result).toMatchObject({ ok: false, attempts: 1 })
    expect(smtp.connections).toBe(1)
  })

  it('the connection dropped in the middle of DATA → unknown_outcome, never resent', async () => {
    const smtp = await server()
    smtp.setFaults({ data: 'drop' })
    const result = await send(smtp, await compose())
    expect(result).toMatchObject({ ok: false, attempts: 1 })
    expect(!result.ok && result.failure.failure).toBe('unknown_outcome')
    expect(!result.ok && result.failure.phase).toBe('unknown')
    expect(smtp.connections).toBe(1)
  })

  it('no answer after DATA → unknown_outcome after the socket timeout; the server holds exactly one copy', async () => {
    const smtp = await server()
    smtp.setFaults({ data: 'hang' })
    const message = await compose()
    const started = Date.now()
    const result = await send(smtp, message)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(result).toMatchObject({ ok: false, attempts: 1 })
    expect(!result.ok && result.failure.failure).toBe('unknown_outcome')
    await smtp.waitFor((m) => m.messageId === message.messageId)
    expect(smtp.messages).toHaveLength(1)
    expect(smtp.connections).toBe(1)
  })

  it('451 after the message → temporary_failure, retried (the server said it did not take it)', async () => {
    const smtp = await server()
    smtp.failNext(1)
    const result = await send(smtp, await compose())
    expect(result).toMatchObject({ ok: true, attempts: 2 })
    expect(smtp.messages).toHaveLength(1)
  })
})

afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
