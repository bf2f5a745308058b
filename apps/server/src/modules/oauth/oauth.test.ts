/**
 * Connecting Gmail, Outlook and Yahoo Mail by OAuth and sending through them
 * (docs/product/email.md "Connected mailboxes", docs/decisions/013-oauth-mailboxes.md), against
 * a real authorization server on loopback, local servers speaking the Gmail API and Graph
 * calls, smtp-server checking XOAUTH2 tokens for Yahoo, and Dovecot with an oauth2 passdb for
 * Yahoo's Sent copy over IMAP.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import { composeMessage } from '../../email/compose'
import { deliver } from '../../email/deliver'
import { oauthAccounts, oauthStates } from '../../db/schema'
import { testMailPolicy } from '../../../test/mail-policy'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { acceptAllLegal, insertAccount, signIn } from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import { freePort } from '../../../test/free-port'
import { signedInTestContext } from '../../../test/test-context'
import { startTestDovecot } from '../../../test/test-dovecot'
import type { TestDovecot } from '../../../test/test-dovecot'
import {
  connectMailbox,
  oauthEnv,
  startTestAuthServer,
  startTestMailApis,
} from '../../../test/test-oauth'
import type { TestAuthServer, TestMailApis } from '../../../test/test-oauth'
import { startTestSmtp } from '../../../test/test-smtp'
import type { TestSmtp } from '../../../test/test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from '../../../test/test-tls'
import { oauthMailAccount } from './service'
import { refreshAccessToken } from './tokens'

const MINUTE = 60_000
const clock = fakeClock()
let t: TestApp
let auth: TestAuthServer
let apis: TestMailApis
let yahooSmtp: TestSmtp
let yahooImap: TestDovecot

beforeAll(async () => {
  auth = await startTestAuthServer()
  apis = await startTestMailApis((token) => auth.verify(token))
  const certificates = await testCertificates()
  yahooSmtp = await startTestSmtp({
    tls: 'tls',
    certificate: certificates.server,
    authMethods: ['XOAUTH2'],
    oauth: async (user, token) => user === auth.email && (await auth.verify(token)),
  })
  const yahooAddress = auth.email!
  yahooImap = await startTestDovecot({
    userName: yahooAddress,
    oauth2: { verify: async (token) => ((await auth.verify(token)) ? yahooAddress : null) },
  })
  t = await createTestApp({
    now: clock.now,
    env: {
      ...oauthEnv('gmail', auth, apis),
      ...oauthEnv('outlook', auth, apis),
      ...oauthEnv('yahoo', auth),
      OAUTH_YAHOO_SMTP_HOST: TEST_MAIL_HOSTNAME,
      OAUTH_YAHOO_SMTP_PORT: String(yahooSmtp.port),
      OAUTH_YAHOO_IMAP_HOST: TEST_MAIL_HOSTNAME,
      OAUTH_YAHOO_IMAP_PORT: String(yahooImap.tlsPort),
    },
    config: (c) => ({
      ...c,
      oauth: {
        ...c.oauth,
        httpTimeoutMs: 3_000,
        mailPolicy: testMailPolicy({
          ca: certificates.ca,
          ports: [yahooSmtp.port, yahooImap.tlsPort],
        }),
      },
    }),
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await Promise.all([auth?.close(), apis?.close(), yahooSmtp?.close(), yahooImap?.close()])
})

async function signedIn(): Promise<{ agent: TestAgent; account: TestAccount }> {
  const account = await insertAccount(t.database.db)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

async function init(agent: TestAgent, provider: string) {
  const res = await agent.post('/api/auth/oauth/init', { provider })
  expect(res.statusCode, res.body).toBe(200)
  return new URL(res.json<{ data: { authUrl: string } }>().data.authUrl)
}

/** Init, consent at the authorization server, and the callback in the same browser. */
async function connect(agent: TestAgent, provider: 'gmail' | 'outlook' | 'yahoo') {
  const { authUrl, callback, answer } = await connectMailbox(agent, auth, provider)
  expect(answer.statusCode).toBe(302)
  return { authUrl, callback, location: answer.headers.location as string }
}

const status = async (agent: TestAgent) =>
  (await agent.get('/api/auth/oauth/status')).json<{
    data: {
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
  }>().data

const rowOf = async (userId: string, provider: 'gmail' | 'outlook' | 'yahoo') =>
  (await t.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId))).find(
    (r) => r.provider === provider,
  )!

const refreshCalls = () => auth.tokenCalls.filter((c) => c.grantType === 'refresh_token').length

describe('connecting a mailbox', () => {
  it('status: nothing connected, the configured providers offered; signed-in only', async () => {
    const { agent } = await signedIn()
    expect(await status(agent)).toEqual({
      connectedAccounts: [],
      scopeValidation: {},
      hasScopeIssues: false,
      availableProviders: ['gmail', 'outlook', 'yahoo'],
    })
    expect((await t.agent().get('/api/auth/oauth/status')).statusCode).toBe(401)
    const anonymous = t.agent()
    await anonymous.csrf()
    expect((await anonymous.post('/api/auth/oauth/init', { provider: 'gmail' })).statusCode).toBe(
      401,
    )
  })

  it('init: code flow with PKCE S256, an opaque state and exactly the minimal scopes', async () => {
    const { agent } = await signedIn()
    const gmail = await init(agent, 'gmail')
    expect(`${gmail.origin}${gmail.pathname}`).toBe(`${auth.url}/authorize`)
    const q = Object.fromEntries(gmail.searchParams)
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: 'gmail-client',
      redirect_uri: `${t.config.publicUrl}/api/auth/oauth/callback/gmail`,
      scope: 'openid email https://www.googleapis.com/auth/gmail.send',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    })
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q).not.toHaveProperty('client_secret')
    const outlook = await init(agent, 'outlook')
    expect(outlook.searchParams.get('scope')).toBe(
      'openid email offline_access https://graph.microsoft.com/Mail.Send',
    )
    expect((await agent.post('/api/auth/oauth/init', { provider: 'aol' })).statusCode).toBe(400)
    // The state is stored only as a hash; the verifier only sealed.
    const states = await t.database.db.select().from(oauthStates)
    expect(JSON.stringify(states)).not.toContain(q.state)
  })

  it('connects Gmail: the verifier matches the challenge, tokens stored sealed, the address read', async () => {
    const { agent, account } = await signedIn()
    const { authUrl, location } = await connect(agent, 'gmail')
    expect(location).toBe('/oauth-success?oauth=success&provider=gmail')
    const exchange = auth.tokenCalls.filter((c) => c.grantType === 'authorization_code').at(-1)!
    const verifier = exchange.params.get('code_verifier')!
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      authUrl.searchParams.get('code_challenge'),
    )
    expect(exchange.params.get('redirect_uri')).toBe(authUrl.searchParams.get('redirect_uri'))
    expect(await status(agent)).toMatchObject({
      connectedAccounts: [
        {
          provider: 'gmail',
          email: 'therapist@mailbox.test',
          needsReauth: false,
          reauthReasons: [],
        },
      ],
      scopeValidation: { gmail: { valid: true, missingScopes: [] } },
      hasScopeIssues: false,
    })
    const row = await rowOf(account.id, 'gmail')
    expect(row.accessToken).toMatch(/^v1\./)
    expect(row.refreshToken).toMatch(/^v1\./)
  })

  it('refuses a replayed state, an expired one, another user’s, and a callback for another provider', async () => {
    const a = await signedIn()
    const b = await signedIn()
    // Replay: the same callback twice.
    const first = await connect(a.agent, 'gmail')
    expect(first.location).toContain('oauth=success')
    const replay = await a.agent.get(first.callback)
    expect(replay.headers.location).toBe(
      '/oauth-success?oauth=error&error=invalid_state&provider=gmail',
    )

    // Another signed-in user finishing A's connection.
    const stolen = await auth.consent((await init(a.agent, 'outlook')).toString())
    expect((await b.agent.get(stolen.path)).headers.location).toContain('error=session_mismatch')
    // …and it is spent: A cannot use it afterwards either.
    expect((await a.agent.get(stolen.path)).headers.location).toContain('error=invalid_state')
    // Not signed in at all.
    const anonymous = await auth.consent((await init(a.agent, 'outlook')).toString())
    expect((await t.agent().get(anonymous.path)).headers.location).toContain(
      'error=session_mismatch',
    )

    // Expired after 10 minutes.
    const late = await auth.consent((await init(a.agent, 'outlook')).toString())
    clock.advance(10 * MINUTE + 1000)
    await signIn(a.agent, a.account.email)
    expect((await a.agent.get(late.path)).headers.location).toContain('error=invalid_state')

    // A state made for Gmail, brought back to the Outlook callback (mix-up).
    const mixed = await auth.consent((await init(a.agent, 'gmail')).toString())
    const swapped = mixed.path.replace('/callback/gmail', '/callback/outlook')
    expect((await a.agent.get(swapped)).headers.location).toContain('error=invalid_state')

    // A forged state.
    expect(
      (await a.agent.get('/api/auth/oauth/callback/gmail?code=x&state=forged-state-value')).headers
        .location,
    ).toContain('error=invalid_state')
    expect((await status(b.agent)).connectedAccounts).toEqual([])
  })

  it('the user cancelling at the provider comes back as access_denied', async () => {
    const { agent } = await signedIn()
    const state = (await init(agent, 'gmail')).searchParams.get('state')!
    const res = await agent.get(`/api/auth/oauth/callback/gmail?error=access_denied&state=${state}`)
    expect(res.headers.location).toBe(
      '/oauth-success?oauth=error&error=access_denied&provider=gmail',
    )
  })

  it('a grant without the send scope is a scope issue and needs reconnecting', async () => {
    const { agent } = await signedIn()
    auth.grantScopeOnce('openid email')
    const { location } = await connect(agent, 'gmail')
    expect(location).toBe('/oauth-success?oauth=error&error=insufficient_scope&provider=gmail')
    const s = await status(agent)
    expect(s.hasScopeIssues).toBe(true)
    expect(s.scopeValidation.gmail).toEqual({
      valid: false,
      missingScopes: ['https://www.googleapis.com/auth/gmail.send'],
    })
    expect(s.connectedAccounts[0]).toMatchObject({
      needsReauth: true,
      reauthReasons: ['insufficient_scope'],
    })
    const send = await agent.post('/api/auth/oauth/test', { testEmail: 'pat@patient.test' })
    expect(send.statusCode).toBe(400)
    expect(send.json().message).toBe(oauthReconnectMessage('gmail'))
    // Microsoft lists its scopes by resource URI or bare name; both count.
    auth.grantScopeOnce('openid email offline_access Mail.Send')
    expect((await connect(agent, 'outlook')).location).toContain('oauth=success')
  })

  it('no address from the provider: address_unavailable, nothing stored', async () => {
    const { agent, account } = await signedIn()
    auth.email = undefined
    try {
      expect((await connect(agent, 'yahoo')).location).toContain('error=address_unavailable')
    } finally {
      auth.email = 'therapist@mailbox.test'
    }
    expect(
      await t.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, account.id)),
    ).toEqual([])
  })
})

describe('sending through a connected mailbox', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200 * 1024)])

  async function composed(from: string) {
    return composeMessage({
      from: { name: 'Dana Reyes', address: from },
      to: [{ address: 'pat@patient.test' }],
      subject: 'Your exercise plan',
      text: 'Attached is your plan.',
      attachments: [
        { filename: 'exercise-plan.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    })
  }

  const ctxOf = (account: TestAccount) => ({
    ...signedInTestContext(
      t.database.db,
      { id: account.id, businessId: account.businessId, isPrimaryUser: true },
      { now: clock.now },
    ),
    config: t.config,
  })

  it('Gmail: the Gmail API gets the exact MIME bytes with the PDF intact, Gmail files it in Sent', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'gmail')
    const sender = await oauthMailAccount(ctxOf(account), 'gmail')
    const message = await composed(sender.fromAddress)
    const result = await deliver(sender.transport, message)
    expect(result).toMatchObject({ ok: true, receipt: { accepted: ['pat@patient.test'] } })
    const got = apis.messages.at(-1)!
    expect(got.api).toBe('gmail')
    expect(got.raw.equals(message.raw)).toBe(true)
    expect(got.parsed.messageId).toBe(message.messageId)
    expect(got.parsed.attachments[0]!.content.equals(pdf)).toBe(true)
    expect(await sender.fileSentCopy(message.raw, [message.messageId])).toEqual({
      outcome: 'already_filed',
    })
  })

  it('Outlook: Graph sendMail gets the MIME base64-encoded; 202 counts as sent', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'outlook')
    const sender = await oauthMailAccount(ctxOf(account), 'outlook')
    const message = await composed(sender.fromAddress)
    expect((await deliver(sender.transport, message)).ok).toBe(true)
    const got = apis.messages.at(-1)!
    expect(got.api).toBe('graph')
    expect(got.raw.equals(message.raw)).toBe(true)
    expect(got.parsed.attachments[0]!.content.equals(pdf)).toBe(true)
  })

  it('Yahoo: SMTP with XOAUTH2, then the Sent copy over IMAP XOAUTH2, PDF intact', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'yahoo')
    const sender = await oauthMailAccount(ctxOf(account), 'yahoo')
    const message = await composed(sender.fromAddress)
    const result = await deliver(sender.transport, message)
    expect(result.ok, JSON.stringify(result)).toBe(true)
    const got = await yahooSmtp.waitFor((m) => m.messageId === message.messageId)
    expect(got.attachments[0]!.content.equals(pdf)).toBe(true)
    expect(yahooSmtp.logins.at(-1)).toBe('XOAUTH2')
    expect((await sender.fileSentCopy(message.raw, [message.messageId])).outcome).toBe('filed')
    // Read back over IMAP: the exact bytes in that mailbox's Sent, the PDF intact.
    const sent = (await yahooImap.messages()).map((m) => m.raw)
    const copy = sent.find((raw) => raw.includes(message.messageId))
    expect(copy?.equals(message.raw)).toBe(true)
    expect((await simpleParser(copy!)).attachments[0]!.content.equals(pdf)).toBe(true)
  })

  it('POST /auth/oauth/test sends a short message through the account', async () => {
    const { agent } = await signedIn()
    await connect(agent, 'gmail')
    const before = apis.messages.length
    const res = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ provider: 'gmail', status: 'sent' })
    expect(apis.messages.length).toBe(before + 1)
    expect(apis.messages.at(-1)!.parsed.to).toMatchObject({
      value: [{ address: 'me@clinic.test' }],
    })
    const other = await signedIn()
    expect(
      (await other.agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })).statusCode,
    ).toBe(400)
  })

  it('refreshes an access token with under 5 minutes left, and keeps the rotated refresh token', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'outlook')
    const before = await rowOf(account.id, 'outlook')
    const calls = refreshCalls()
    // The mock's tokens live an hour: 56 minutes later fewer than 5 remain.
    clock.advance(56 * MINUTE)
    await signIn(agent, account.email)
    expect(
      (
        await agent.post('/api/auth/oauth/test', {
          testEmail: 'me@clinic.test',
          provider: 'outlook',
        })
      ).statusCode,
    ).toBe(200)
    expect(refreshCalls()).toBe(calls + 1)
    const after = await rowOf(account.id, 'outlook')
    expect(after.refreshToken).not.toBe(before.refreshToken)
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(
      clock.now().getTime() + 50 * MINUTE,
    )
    // The next refresh spends the newest refresh token.
    clock.advance(56 * MINUTE)
    await signIn(agent, account.email)
    expect(
      (
        await agent.post('/api/auth/oauth/test', {
          testEmail: 'me@clinic.test',
          provider: 'outlook',
        })
      ).statusCode,
    ).toBe(200)
    const issuedRefresh = auth.tokenCalls.filter((c) => c.grantType === 'refresh_token').at(-1)!
    expect(auth.issued).toContain(issuedRefresh.params.get('refresh_token'))
    expect(refreshCalls()).toBe(calls + 2)
  })

  it('a 401 from the API refreshes once and sends again', async () => {
    const { agent } = await signedIn()
    await connect(agent, 'gmail')
    const calls = refreshCalls()
    const before = apis.messages.length
    apis.failNext({
      status: 401,
      body: { error: { code: 401, errors: [{ reason: 'authError' }] } },
    })
    expect(
      (await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })).statusCode,
    ).toBe(200)
    expect(refreshCalls()).toBe(calls + 1)
    expect(apis.messages.length).toBe(before + 1)
  })

  it('429 with a short Retry-After is retried; 403 insufficient permissions needs reconnecting', async () => {
    const { agent } = await signedIn()
    await connect(agent, 'gmail')
    apis.failNext({ status: 429, headers: { 'retry-after': '0' } })
    expect(
      (await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })).statusCode,
    ).toBe(200)
    apis.failNext({
      status: 403,
      body: { error: { code: 403, errors: [{ reason: 'insufficientPermissions' }] } },
    })
    const res = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(res.statusCode).toBe(502)
    expect(res.json()).toMatchObject({
      code: 'MAIL_DELIVERY_FAILED',
      message: oauthReconnectMessage('gmail'),
    })
    apis.failNext({ status: 504 })
    const unknown = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(unknown.json().data).toMatchObject({ status: 'unknown' })
  })

  it('invalid_grant on refresh: needsReauth with the reason, and a clear send error', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'gmail')
    auth.refuseNext('invalid_grant', 'Token has been expired or revoked.')
    clock.advance(56 * MINUTE)
    await signIn(agent, account.email)
    const res = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(res.statusCode).toBe(502)
    expect(res.json().message).toBe('Reconnect your Gmail account in Settings → Email.')
    expect((await status(agent)).connectedAccounts[0]).toMatchObject({
      provider: 'gmail',
      needsReauth: true,
      reauthReasons: ['expired'],
    })
    // Reconnecting clears it.
    expect((await connect(agent, 'gmail')).location).toContain('oauth=success')
    expect((await status(agent)).connectedAccounts[0]).toMatchObject({
      needsReauth: false,
      reauthReasons: [],
    })
  })

  it('the status checks a token not refreshed for 9 hours with the provider; a revoked grant shows', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'outlook')
    let calls = refreshCalls()
    clock.advance(8 * 60 * MINUTE)
    await signIn(agent, account.email)
    // Under 9 hours: the status answers from the database alone.
    expect((await status(agent)).connectedAccounts[0]!.needsReauth).toBe(false)
    expect(refreshCalls()).toBe(calls)
    clock.advance(61 * MINUTE)
    await signIn(agent, account.email)
    expect((await status(agent)).connectedAccounts[0]!.needsReauth).toBe(false)
    expect(refreshCalls()).toBe(calls + 1)
    // Just checked: the next status asks nobody.
    calls = refreshCalls()
    await status(agent)
    expect(refreshCalls()).toBe(calls)
    // Revoked at the provider meanwhile: the next check finds it.
    clock.advance(9 * 60 * MINUTE)
    await signIn(agent, account.email)
    auth.refuseNext('invalid_grant', 'AADSTS70008: The refresh token was revoked.')
    expect((await status(agent)).connectedAccounts[0]).toMatchObject({
      provider: 'outlook',
      needsReauth: true,
      reauthReasons: ['revoked'],
    })
    const send = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(send.json().message).toBe('Reconnect your Outlook account in Settings → Email.')
  })

  it('a checked status (the Send dialog opening) asks the provider at most once a minute and shows a grant revoked minutes ago', async () => {
    const { agent } = await signedIn()
    await connect(agent, 'gmail')
    const verified = async () =>
      (await agent.get('/api/auth/oauth/status?verify=true')).json<{
        data: { connectedAccounts: Array<{ needsReauth: boolean; reauthReasons: string[] }> }
      }>().data.connectedAccounts[0]!
    // Connected just now: nothing to ask yet.
    let calls = refreshCalls()
    expect((await verified()).needsReauth).toBe(false)
    expect(refreshCalls()).toBe(calls)
    clock.advance(61_000)
    expect((await verified()).needsReauth).toBe(false)
    expect(refreshCalls()).toBe(calls + 1)
    // Within the minute the answer comes from the database, however often the dialog opens.
    calls = refreshCalls()
    clock.advance(30_000)
    await verified()
    await verified()
    expect(refreshCalls()).toBe(calls)
    // Revoked at the provider two minutes later: the next dialog shows it before anything is composed.
    clock.advance(2 * 60_000)
    calls = refreshCalls()
    auth.refuseNext('invalid_grant', 'Token has been expired or revoked.')
    // A plain status read (the app shell's) still asks only about tokens 9 hours old.
    expect((await status(agent)).connectedAccounts[0]!.needsReauth).toBe(false)
    expect(refreshCalls()).toBe(calls)
    expect(await verified()).toMatchObject({ needsReauth: true, reauthReasons: ['expired'] })
    expect((await agent.get('/api/auth/oauth/status?verify=maybe')).statusCode).toBe(400)
  })

  it('two instances refreshing at once make one refresh and share its token', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'outlook')
    clock.advance(56 * MINUTE)
    const row = await rowOf(account.id, 'outlook')
    const calls = refreshCalls()
    const [x, y] = await Promise.all([
      refreshAccessToken(ctxOf(account), row.id),
      refreshAccessToken(ctxOf(account), row.id),
    ])
    expect(x).toBe(y)
    expect(refreshCalls()).toBe(calls + 1)
    expect((await rowOf(account.id, 'outlook')).refreshLeaseUntil).toBeNull()
  })

  it('a token endpoint that refuses connections or never answers: a retryable failure, the grant kept', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'gmail')
    clock.advance(56 * MINUTE)
    const row = await rowOf(account.id, 'gmail')
    // A port nothing listens on, and a server that accepts and never answers.
    const closed = await freePort()
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const silentPort = (silent.address() as AddressInfo).port
    const unreachable = (tokenUrl: string) => {
      const base = ctxOf(account)
      const { oauth } = base.config
      return {
        ...base,
        config: {
          ...base.config,
          oauth: {
            ...oauth,
            httpTimeoutMs: 300,
            providers: { ...oauth.providers, gmail: { ...oauth.providers.gmail, tokenUrl } },
          },
        },
      }
    }
    try {
      for (const [url, code] of [
        [`http://127.0.0.1:${closed}/token`, 'network'],
        [`http://127.0.0.1:${silentPort}/token`, 'timeout'],
      ] as const) {
        const ctx = unreachable(url)
        await expect(refreshAccessToken(ctx, row.id)).rejects.toMatchObject({
          name: 'TokenRefreshFailedError',
          code,
        })
        // A send through the account fails as temporary and retryable, not as reconnect.
        const sender = await oauthMailAccount(ctx, 'gmail')
        const result = await deliver(sender.transport, await composed(sender.fromAddress), {
          wait: async () => {},
        })
        expect(result).toMatchObject({
          ok: false,
          failure: { failure: 'temporary_failure', retryable: true },
        })
        // The grant stands and the lease is released: the next try refreshes again.
        expect(await rowOf(account.id, 'gmail')).toMatchObject({
          needsReauth: false,
          refreshLeaseUntil: null,
        })
      }
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('a stored token that does not open marks the account for reconnecting, no 500', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'gmail')
    const row = await rowOf(account.id, 'gmail')
    const other = await rowOf(
      (await signedIn().then(async (o) => (await connect(o.agent, 'gmail'), o))).account.id,
      'gmail',
    )
    // Another account's sealed token copied into this row does not open here.
    await t.database.db
      .update(oauthAccounts)
      .set({ accessToken: other.accessToken })
      .where(eq(oauthAccounts.id, row.id))
    const res = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(res.statusCode).toBe(502)
    expect((await status(agent)).connectedAccounts[0]).toMatchObject({
      needsReauth: true,
      reauthReasons: ['token_unreadable'],
    })
  })
})

describe('POST /api/email/send through a connected mailbox', () => {
  it.each(['gmail', 'outlook', 'yahoo'] as const)(
    '%s: the exercise prescription arrives with its PDF, the log says sent',
    async (provider) => {
      const { agent } = await signedIn()
      await acceptAllLegal(agent)
      await connect(agent, provider)
      const res = await agent.post('/api/email/send', {
        documentTypes: ['exercise'],
        data: exerciseProgram(),
        to: [{ name: 'Pat Example', address: 'pat@example.test' }],
        subject: 'Your home exercise program',
        message: 'Hello,\n\nYour exercises are attached.',
        account: { type: 'oauth', provider },
        idempotencyKey: randomBytes(12).toString('base64url'),
      })
      expect(res.statusCode, res.body).toBe(200)
      const { messageId, status: sent, sentCopy } = res.json().data
      expect(sent).toBe('sent')
      const got =
        provider === 'yahoo'
          ? await yahooSmtp.waitFor((m) => m.messageId === messageId)
          : apis.messages.find((m) => m.parsed.messageId === messageId)!.parsed
      expect(got.from?.value[0]?.address).toBe('therapist@mailbox.test')
      const pdf = got.attachments.find((a) => a.contentType === 'application/pdf')!
      expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-')
      // Gmail and Graph file their own copy; Yahoo's is appended over IMAP with XOAUTH2.
      expect(sentCopy).toBe(provider === 'yahoo' ? 'filed' : 'already_filed')
      if (provider === 'yahoo') {
        const copy = (await yahooImap.messages()).find((m) => m.raw.includes(String(messageId)))
        const parsed = await simpleParser(copy!.raw)
        expect(
          parsed.attachments.find((a) => a.contentType === 'application/pdf')!.content,
        ).toEqual(pdf.content)
      }
      const log = (await agent.get('/api/email/log')).json().data.entries[0]
      expect(log).toMatchObject({ status: 'sent', provider, fromAddress: 'therapist@mailbox.test' })
    },
  )

  it('a grant refused during the send: the error and the log name the provider to reconnect', async () => {
    const { agent, account } = await signedIn()
    await acceptAllLegal(agent)
    await connect(agent, 'yahoo')
    clock.advance(56 * MINUTE)
    await signIn(agent, account.email)
    auth.refuseNext('invalid_grant', 'The refresh token was revoked.')
    const res = await agent.post('/api/email/send', {
      documentTypes: ['exercise'],
      data: exerciseProgram(),
      to: [{ address: 'pat@example.test' }],
      subject: 'Your home exercise program',
      message: '',
      account: { type: 'oauth', provider: 'yahoo' },
      idempotencyKey: randomBytes(12).toString('base64url'),
    })
    expect(res.statusCode).toBe(502)
    expect(res.json()).toMatchObject({
      code: 'MAIL_DELIVERY_FAILED',
      message: 'Reconnect your Yahoo Mail account in Settings → Email.',
    })
    const log = (await agent.get('/api/email/log')).json().data.entries[0]
    expect(log).toMatchObject({
      status: 'failed',
      provider: 'yahoo',
      failureMessage: 'Reconnect your Yahoo Mail account in Settings → Email.',
    })
  })

  it('an account that must be reconnected: a clear 400 before anything is rendered or sent', async () => {
    const { agent, account } = await signedIn()
    await acceptAllLegal(agent)
    await connect(agent, 'outlook')
    await t.database.db
      .update(oauthAccounts)
      .set({ needsReauth: true, reauthReasons: ['revoked'] })
      .where(eq(oauthAccounts.userId, account.id))
    const res = await agent.post('/api/email/send', {
      documentTypes: ['exercise'],
      data: exerciseProgram(),
      to: [{ address: 'pat@example.test' }],
      subject: 'Your home exercise program',
      message: '',
      account: { type: 'oauth', provider: 'outlook' },
      idempotencyKey: randomBytes(12).toString('base64url'),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Reconnect your Outlook account in Settings → Email.')
  })
})

describe('disconnecting', () => {
  it('revokes the refresh token at the provider and deletes the tokens', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'gmail')
    const row = await rowOf(account.id, 'gmail')
    const res = await agent.delete('/api/auth/oauth/disconnect', { provider: 'gmail' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ provider: 'gmail', revoked: true })
    await vi.waitFor(() => expect(auth.issued).toContain(auth.revoked.at(-1)))
    expect(
      await t.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.id, row.id)),
    ).toEqual([])
    expect((await status(agent)).connectedAccounts).toEqual([])
    expect(
      (await agent.delete('/api/auth/oauth/disconnect', { provider: 'gmail' })).statusCode,
    ).toBe(404)
    // Without the CSRF header it is refused like every other change.
    expect(
      (
        await agent.request({
          method: 'DELETE',
          url: '/api/auth/oauth/disconnect',
          payload: { provider: 'gmail' },
          csrf: false,
        })
      ).statusCode,
    ).toBe(403)
  })
})

describe('the canary', () => {
  it('no issued token or PKCE verifier appears in the logs or in clear in the database', async () => {
    expect(auth.issued.length).toBeGreaterThan(10)
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
    // The documents sent through each provider named a patient and a recipient: neither is logged.
    for (const name of ['Lindqvist-Moreno', 'Pat Example', 'pat@example.test'])
      expect(logs).not.toContain(name)
  })
})
