/**
 * The servers and helpers the /api/email tests share: the app (real database, render pool),
 * smtp-server as the therapist's own mail server (STARTTLS, AUTH, scripted faults), a second one
 * with an untrusted certificate, Dovecot as their mailbox, and a port nobody listens on. Call
 * `emailRig()` at the top of a test file; it starts everything in `beforeAll` and stops it after.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { businessSubscriptions, emailLog } from '../src/db/schema'
import { freePort } from './free-port'
import { testMailPolicy, testResolver } from './mail-policy'
import { createTestApp } from './test-app'
import type { TestAgent, TestApp } from './test-app'
import { startTestDovecot } from './test-dovecot'
import type { TestDovecot } from './test-dovecot'
import { startTestSmtp } from './test-smtp'
import type { TestSmtp } from './test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from './test-tls'
import { acceptAllLegal, insertAccount, signIn } from './factories'
import type { TestAccount } from './factories'

/** The answer of a single-message send. */
export type SendAnswer = {
  data: {
    status: string
    messageId: string
    sentCopy: string | null
    recipients: Array<{ address: string; status: string; reason?: string }>
  }
}

export function emailRig() {
  const login = { user: 'doc@clinic.test', password: `pw-${randomBytes(8).toString('hex')}` }
  const rig = {
    login,
    t: undefined as unknown as TestApp,
    smtp: undefined as unknown as TestSmtp,
    untrusted: undefined as unknown as TestSmtp,
    dovecot: undefined as unknown as TestDovecot,
    closedPort: 0,

    async readyAccount(): Promise<{ account: TestAccount; agent: TestAgent }> {
      const account = await insertAccount(rig.t.app.db)
      const agent = rig.t.agent()
      await agent.csrf()
      await signIn(agent, account.email)
      await acceptAllLegal(agent)
      return { account, agent }
    },

    /** The body of an SMTP account on the loopback servers (with IMAP unless `imap: false`). */
    accountBody(overrides: Record<string, unknown> = {}, imap = true) {
      return {
        name: 'Practice mailbox',
        smtpHost: TEST_MAIL_HOSTNAME,
        smtpPort: rig.smtp.port,
        smtpSecurity: 'starttls',
        smtpUser: login.user,
        smtpPassword: login.password,
        fromAddress: 'doc@clinic.test',
        ...(imap
          ? {
              imapHost: TEST_MAIL_HOSTNAME,
              imapPort: rig.dovecot.tlsPort,
              imapSecurity: 'tls',
              imapUser: rig.dovecot.user.name,
              imapPassword: rig.dovecot.user.password,
            }
          : {}),
        ...overrides,
      }
    },

    async addAccount(agent: TestAgent, overrides: Record<string, unknown> = {}, imap = true) {
      const res = await agent.post('/api/email/smtp-config', rig.accountBody(overrides, imap))
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ data: { configuration: { id: string; isDefault: boolean } } }>().data
        .configuration
    },

    key: () => randomBytes(12).toString('base64url'),

    sendBody(overrides: Record<string, unknown> = {}) {
      return {
        documentTypes: ['exercise'],
        data: exerciseProgram(),
        to: [{ name: 'Pat Example', address: 'pat@example.test' }],
        subject: 'Your home exercise program',
        message: 'Hello,\n\nYour exercises are attached.',
        idempotencyKey: rig.key(),
        ...overrides,
      }
    },

    monthlyCount: async (businessId: string) =>
      (
        await rig.t.app.db
          .select({ n: businessSubscriptions.monthlyPdfGenerated })
          .from(businessSubscriptions)
          .where(eq(businessSubscriptions.businessId, businessId))
      )[0]!.n,

    logRows: (userId: string) =>
      rig.t.app.db.select().from(emailLog).where(eq(emailLog.userId, userId)),

    inSent: async (messageId: string) =>
      (await rig.dovecot.messages()).filter((m) => m.raw.includes(messageId)),
  }

  beforeAll(async () => {
    const certificates = await testCertificates()
    ;[rig.smtp, rig.untrusted, rig.dovecot, rig.closedPort] = await Promise.all([
      startTestSmtp({ auth: login, tls: 'starttls', certificate: certificates.server }),
      startTestSmtp({ auth: login, tls: 'tls', certificate: certificates.untrusted }),
      startTestDovecot(),
      freePort(),
    ])
    const policy = testMailPolicy({
      ca: certificates.ca,
      ports: [rig.smtp.port, rig.untrusted.port, rig.dovecot.tlsPort, rig.closedPort],
      resolve: testResolver({
        'metadata.test': ['169.254.169.254'],
        'rebind.test': ['127.0.0.1', '169.254.169.254'],
      }),
    })
    rig.t = await createTestApp({
      config: (c) => ({
        ...c,
        mail: policy,
        mailRetry: { maxRetries: 2, backoffMs: [20, 40], maxRetryAfterMs: 1_000 },
      }),
    })
  }, 120_000)
  afterAll(async () => {
    await Promise.all([
      rig.t?.close(),
      rig.smtp?.close(),
      rig.untrusted?.close(),
      rig.dovecot?.close(),
    ])
  })
  return rig
}
