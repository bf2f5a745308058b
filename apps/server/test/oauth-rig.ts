/**
 * The servers and helpers the OAuth mailbox tests share: the app on a fake clock, a real
 * authorization server and the Gmail API and Graph calls on loopback (test-oauth.ts), and, with
 * `yahooMail`, smtp-server checking XOAUTH2 tokens for Yahoo and Dovecot with an oauth2 passdb for
 * its Sent copy. Call `oauthRig()` at the top of a test file; it starts everything in `beforeAll`
 * and stops it after.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { composeMessage } from '../src/email/compose'
import { oauthAccounts, oauthStates } from '../src/db/schema'
import { insertAccount, signIn } from './factories'
import type { TestAccount } from './factories'
import { testMailPolicy } from './mail-policy'
import { createTestApp, fakeClock } from './test-app'
import type { TestAgent, TestApp } from './test-app'
import { signedInTestContext } from './test-context'
import { startTestDovecot } from './test-dovecot'
import type { TestDovecot } from './test-dovecot'
import { connectMailbox, oauthEnv, startTestAuthServer, startTestMailApis } from './test-oauth'
import type { TestAuthServer, TestMailApis } from './test-oauth'
import { startTestSmtp } from './test-smtp'
import type { TestSmtp } from './test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from './test-tls'

export const MINUTE = 60_000

type Provider = 'gmail' | 'outlook' | 'yahoo'

/** The status answer, as the tests read it. */
type OAuthStatusAnswer = {
  connectedAccounts: Array<{
    provider: string
    email: string
    needsReauth: boolean
    reauthReasons: string[]
  }>
  scopeValidation: Record<string, { valid: boolean; missingScopes: string[] }>
  hasScopeIssues: boolean
  availableProviders: string[]
}

export function oauthRig(options: { yahooMail?: boolean } = {}) {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200 * 1024)])
  const rig = {
    clock: fakeClock(),
    t: undefined as unknown as TestApp,
    auth: undefined as unknown as TestAuthServer,
    apis: undefined as unknown as TestMailApis,
    /** Only with `yahooMail`. */
    yahooSmtp: undefined as unknown as TestSmtp,
    /** Only with `yahooMail`. */
    yahooImap: undefined as unknown as TestDovecot,
    /** The attachment `composed` carries: 200 kB of random bytes behind a PDF header. */
    pdf,

    async signedIn(): Promise<{ agent: TestAgent; account: TestAccount }> {
      const account = await insertAccount(rig.t.database.db)
      const agent = rig.t.agent()
      await signIn(agent, account.email)
      return { agent, account }
    },

    async init(agent: TestAgent, provider: string) {
      const res = await agent.post('/api/auth/oauth/init', { provider })
      expect(res.statusCode, res.body).toBe(200)
      return new URL(res.json<{ data: { authUrl: string } }>().data.authUrl)
    },

    /** Init, consent at the authorization server, and the callback in the same browser. */
    async connect(agent: TestAgent, provider: Provider) {
      const { authUrl, callback, answer } = await connectMailbox(agent, rig.auth, provider)
      expect(answer.statusCode).toBe(302)
      return { authUrl, callback, location: answer.headers.location as string }
    },

    status: async (agent: TestAgent) =>
      (await agent.get('/api/auth/oauth/status')).json<{ data: OAuthStatusAnswer }>().data,

    rowOf: async (userId: string, provider: Provider) =>
      (
        await rig.t.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId))
      ).find((r) => r.provider === provider)!,

    refreshCalls: () => rig.auth.tokenCalls.filter((c) => c.grantType === 'refresh_token').length,

    /** A message with `pdf` attached, from the connected address. */
    composed: (from: string) =>
      composeMessage({
        from: { name: 'Dana Reyes', address: from },
        to: [{ address: 'pat@patient.test' }],
        subject: 'Your exercise plan',
        text: 'Attached is your plan.',
        attachments: [
          { filename: 'exercise-plan.pdf', content: pdf, contentType: 'application/pdf' },
        ],
      }),

    /** The service context of a signed-in account, for calling the module directly. */
    ctxOf: (account: TestAccount) => ({
      ...signedInTestContext(
        rig.t.database.db,
        { id: account.id, businessId: account.businessId, isPrimaryUser: true },
        { now: rig.clock.now },
      ),
      config: rig.t.config,
    }),

    /**
     * The canary: no token the authorization server issued and no PKCE verifier appears in the
     * logs or in clear in the database, nor the client secret or any of `names` in the logs.
     */
    async expectNoSecretsLeaked(names: string[] = []) {
      const { auth, t } = rig
      expect(auth.issued.length).toBeGreaterThan(0)
      const dump = JSON.stringify([
        await t.database.db.select().from(oauthAccounts),
        await t.database.db.select().from(oauthStates),
      ])
      const logs = t.logs()
      const verifiers = auth.tokenCalls
        .map((c) => c.params.get('code_verifier'))
        .filter(Boolean) as string[]
      for (const secret of [...auth.issued, ...verifiers]) {
        expect(dump).not.toContain(secret)
        expect(logs).not.toContain(secret)
      }
      expect(logs).not.toContain('gmail-secret')
      for (const name of names) expect(logs).not.toContain(name)
    },
  }

  beforeAll(async () => {
    rig.auth = await startTestAuthServer()
    rig.apis = await startTestMailApis((token) => rig.auth.verify(token))
    const yahooAddress = rig.auth.email!
    const certificates = options.yahooMail ? await testCertificates() : undefined
    if (certificates) {
      rig.yahooSmtp = await startTestSmtp({
        tls: 'tls',
        certificate: certificates.server,
        authMethods: ['XOAUTH2'],
        oauth: async (user, token) => user === rig.auth.email && (await rig.auth.verify(token)),
      })
      rig.yahooImap = await startTestDovecot({
        userName: yahooAddress,
        oauth2: {
          verify: async (token) => ((await rig.auth.verify(token)) ? yahooAddress : null),
        },
      })
    }
    rig.t = await createTestApp({
      now: rig.clock.now,
      env: {
        ...oauthEnv('gmail', rig.auth, rig.apis),
        ...oauthEnv('outlook', rig.auth, rig.apis),
        ...oauthEnv('yahoo', rig.auth),
        ...(certificates
          ? {
              OAUTH_YAHOO_SMTP_HOST: TEST_MAIL_HOSTNAME,
              OAUTH_YAHOO_SMTP_PORT: String(rig.yahooSmtp.port),
              OAUTH_YAHOO_IMAP_HOST: TEST_MAIL_HOSTNAME,
              OAUTH_YAHOO_IMAP_PORT: String(rig.yahooImap.tlsPort),
            }
          : {}),
      },
      config: (c) => ({
        ...c,
        oauth: {
          ...c.oauth,
          httpTimeoutMs: 3_000,
          ...(certificates
            ? {
                mailPolicy: testMailPolicy({
                  ca: certificates.ca,
                  ports: [rig.yahooSmtp.port, rig.yahooImap.tlsPort],
                }),
              }
            : {}),
        },
      }),
    })
  }, 60_000)
  afterAll(async () => {
    await rig.t?.close()
    await Promise.all([
      rig.auth?.close(),
      rig.apis?.close(),
      rig.yahooSmtp?.close(),
      rig.yahooImap?.close(),
    ])
  })
  return rig
}
