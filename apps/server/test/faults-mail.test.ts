/**
 * Mail faults through POST /api/email/send (docs/product/email.md): the therapist's SMTP server
 * refusing the greeting, never answering it, or cutting the connection in the middle of DATA; the
 * OAuth token endpoint down or answering `invalid_grant`. Each gives the user its class's text,
 * the log row its status and class. A Send clicked again (same idempotency key) sends nothing more
 * after a send that may have gone out, and sends once after one that did not; a PDF counts, with its
 * usage event, only when its message may have gone out.
 */
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { EMAIL_FAILURE_MESSAGES } from '@myodocs/shared/constants/email-messages'
import { oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import { queryRows } from '../src/db/client'
import { businessSubscriptions, emailLog, oauthAccounts } from '../src/db/schema'
import { acceptAllLegal, insertAccount, signIn } from './factories'
import type { TestAccount } from './factories'
import { testResolver } from './mail-policy'
import { createTestApp } from './test-app'
import type { TestAgent, TestApp } from './test-app'
import { oauthEnv, startTestAuthServer, startTestMailApis } from './test-oauth'
import type { TestAuthServer, TestMailApis } from './test-oauth'
import { startTestSmtp } from './test-smtp'
import type { TestSmtp } from './test-smtp'
import { TEST_MAIL_HOSTNAME } from './test-tls'

const login = { user: 'doc@clinic.test', password: `pw-${randomBytes(8).toString('hex')}` }
let t: TestApp
let smtp: TestSmtp
let auth: TestAuthServer
let apis: TestMailApis

beforeAll(async () => {
  ;[smtp, auth] = await Promise.all([startTestSmtp({ auth: login }), startTestAuthServer()])
  apis = await startTestMailApis((token) => auth.verify(token))
  t = await createTestApp({
    env: oauthEnv('gmail', auth, apis),
    config: (c) => ({
      ...c,
      // Plaintext loopback, and a greeting that never comes costs a second, not ten.
      mail: {
        allowInsecure: true,
        allowPrivateHosts: true,
        extraPorts: [smtp.port],
        timeouts: { connectMs: 1_000, greetingMs: 1_000, socketMs: 2_000 },
        resolve: testResolver(),
      },
      mailRetry: { maxRetries: 2, backoffMs: [20, 40], maxRetryAfterMs: 1_000 },
      oauth: { ...c.oauth, httpTimeoutMs: 3_000 },
    }),
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await Promise.all([smtp?.close(), auth?.close(), apis?.close()])
})

async function therapist(): Promise<{ account: TestAccount; agent: TestAgent }> {
  const account = await insertAccount(t.database.db)
  const agent = t.agent()
  await signIn(agent, account.email)
  await acceptAllLegal(agent)
  return { account, agent }
}

async function addSmtpAccount(agent: TestAgent) {
  const res = await agent.post('/api/email/smtp-config', {
    name: 'Practice mailbox',
    smtpHost: TEST_MAIL_HOSTNAME,
    smtpPort: smtp.port,
    smtpSecurity: 'none',
    smtpUser: login.user,
    smtpPassword: login.password,
    fromAddress: 'doc@clinic.test',
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: { configuration: { id: string } } }>().data.configuration.id
}

/** Gmail connected through the test authorization server, its access token already expired. */
async function connectGmail(agent: TestAgent, account: TestAccount) {
  const init = await agent.post('/api/auth/oauth/init', { provider: 'gmail' })
  const back = await auth.consent(init.json<{ data: { authUrl: string } }>().data.authUrl)
  expect((await agent.get(back.path)).statusCode).toBe(302)
  await t.database.db
    .update(oauthAccounts)
    .set({ accessTokenExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(oauthAccounts.userId, account.id))
}

const sendBody = (account: unknown, to: string) => ({
  documentTypes: ['exercise'],
  data: exerciseProgram(),
  to: [{ address: to }],
  subject: 'Your home exercise program',
  message: 'Your exercises are attached.',
  account,
  idempotencyKey: randomBytes(12).toString('base64url'),
})

/** The business's PDF count this month and its usage events (they must always agree). */
async function pdfCount(businessId: string) {
  const [row] = await t.database.db
    .select({ n: businessSubscriptions.monthlyPdfGenerated })
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
  const [events] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from pdf_usage_events where business_id = ${businessId}`,
  )
  expect(events!.n, 'each PDF counted has its usage event').toBe(row!.n)
  return row!.n
}

const logRows = (userId: string) =>
  t.database.db.select().from(emailLog).where(eq(emailLog.userId, userId))

/** Messages to `address` the mail side received (the SMTP server's, the Gmail API's). */
const delivered = (address: string) =>
  smtp.messages.filter((m) => m.envelopeTo.includes(address)).length +
  apis.messages.filter((m) => JSON.stringify(m.parsed.to).includes(address)).length

/** Every conversation with the mail side so far: a resend would add to it. */
const conversations = () => smtp.connections + auth.tokenCalls.length + apis.requests.length

type Fault = {
  name: string
  account: 'smtp' | 'gmail'
  arm: () => void
  /** HTTP status and failure class of the answer; `unknown` answers 200. */
  status: number
  failure: string
  message: string
  logStatus: 'failed' | 'unknown'
}

const faults: Fault[] = [
  {
    name: 'SMTP server refusing the connection (421)',
    account: 'smtp',
    arm: () => smtp.setFaults({ greeting: 'reject' }),
    status: 502,
    failure: 'temporary_failure',
    message: EMAIL_FAILURE_MESSAGES.temporary_failure,
    logStatus: 'failed',
  },
  {
    name: 'SMTP server never greeting (timeout)',
    account: 'smtp',
    arm: () => smtp.setFaults({ greeting: 'silent' }),
    status: 502,
    failure: 'connection_failed',
    message: EMAIL_FAILURE_MESSAGES.connection_failed,
    logStatus: 'failed',
  },
  {
    name: 'SMTP connection cut in the middle of DATA',
    account: 'smtp',
    arm: () => smtp.setFaults({ data: 'drop' }),
    status: 200,
    failure: 'unknown_outcome',
    message: EMAIL_FAILURE_MESSAGES.unknown_outcome,
    logStatus: 'unknown',
  },
  {
    name: 'OAuth token endpoint down (503)',
    account: 'gmail',
    // Every token call of the send: the check before rendering, then three attempts.
    arm: () => auth.failNext(503, 4),
    status: 502,
    failure: 'temporary_failure',
    message: EMAIL_FAILURE_MESSAGES.temporary_failure,
    logStatus: 'failed',
  },
  {
    name: 'OAuth token endpoint answering invalid_grant',
    account: 'gmail',
    arm: () => auth.refuseNext('invalid_grant', 'Token has been expired or revoked.'),
    status: 502,
    failure: 'reauth_required',
    message: oauthReconnectMessage('gmail'),
    logStatus: 'failed',
  },
]

describe('mail faults during a send', () => {
  it.each(faults)(
    '$name: a clear message, the right log row, nothing sent twice, the PDF counted only when it may have gone out',
    { timeout: 90_000 },
    async (fault) => {
      const { account, agent } = await therapist()
      const target =
        fault.account === 'smtp'
          ? { type: 'smtp', id: await addSmtpAccount(agent) }
          : (await connectGmail(agent, account), { type: 'oauth', provider: 'gmail' })
      const to = `pat-${randomBytes(4).toString('hex')}@example.test`
      const body = sendBody(target, to)
      const before = await pdfCount(account.businessId)
      fault.arm()
      let first
      try {
        first = await agent.post('/api/email/send', body)
      } finally {
        smtp.setFaults({})
      }
      expect(first.statusCode, first.body).toBe(fault.status)
      const answer = first.json<{ message?: string; failure?: string; data?: { status: string } }>()
      if (fault.status === 200) expect(answer.data?.status).toBe('unknown')
      else expect(answer).toMatchObject({ code: 'MAIL_DELIVERY_FAILED', failure: fault.failure })
      const [row] = await logRows(account.id)
      expect(row).toMatchObject({
        status: fault.logStatus,
        failure: fault.failure,
        failureMessage: fault.message,
      })
      if (fault.status !== 200) expect(answer.message).toBe(fault.message)
      // The rendered PDF counts only when the message may have gone out.
      let charged = fault.logStatus === 'unknown' ? 1 : 0
      expect(await pdfCount(account.businessId)).toBe(before + charged)
      const talked = conversations()

      // Send clicked again with the same key, the fault gone.
      const again = await agent.post('/api/email/send', body)
      if (fault.logStatus === 'unknown') {
        // It may have gone out: the first outcome, nothing more.
        expect(again.statusCode).toBe(first.statusCode)
        expect(again.json()).toEqual(first.json())
        expect(conversations()).toBe(talked)
        expect(delivered(to)).toBeLessThanOrEqual(1)
      } else if (fault.failure === 'reauth_required') {
        // The grant is gone: reconnecting comes first, and nothing is rendered.
        expect(again.statusCode).toBe(400)
        expect(delivered(to)).toBe(0)
      } else {
        // Nothing went out the first time: this click sends it once, and counts it once.
        expect(again.statusCode, again.body).toBe(200)
        expect(delivered(to)).toBe(1)
        charged = 1
      }
      expect(await pdfCount(account.businessId)).toBe(before + charged)
      expect(await logRows(account.id)).toHaveLength(1)
      expect(t.logs()).not.toContain('unhandled error')
    },
  )
})
