/**
 * Keeping a connected mailbox's tokens fresh (docs/decisions/013-oauth-mailboxes.md): refreshing
 * before they lapse, retrying what the provider asks to retry, a revoked grant needing
 * reconnecting, one refresh for two instances, a token endpoint that is down — against a real
 * authorization server and the Gmail API and Graph calls on loopback (test/oauth-rig.ts).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import { deliver } from '../../email/deliver'
import { oauthAccounts } from '../../db/schema'
import { signIn } from '../../../test/factories'
import { freePort } from '../../../test/free-port'
import { MINUTE, oauthRig } from '../../../test/oauth-rig'
import { oauthMailAccount } from './sending'
import { refreshAccessToken } from './tokens'

const rig = oauthRig()
const { clock, signedIn, connect, status, rowOf, refreshCalls, composed, ctxOf } = rig

describe('the tokens of a connected mailbox', () => {
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
    const issuedRefresh = rig.auth.tokenCalls.filter((c) => c.grantType === 'refresh_token').at(-1)!
    expect(rig.auth.issued).toContain(issuedRefresh.params.get('refresh_token'))
    expect(refreshCalls()).toBe(calls + 2)
  })

  it('a 401 from the API refreshes once and sends again', async () => {
    const { agent } = await signedIn()
    await connect(agent, 'gmail')
    const calls = refreshCalls()
    const before = rig.apis.messages.length
    rig.apis.failNext({
      status: 401,
      body: { error: { code: 401, errors: [{ reason: 'authError' }] } },
    })
    expect(
      (await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })).statusCode,
    ).toBe(200)
    expect(refreshCalls()).toBe(calls + 1)
    expect(rig.apis.messages.length).toBe(before + 1)
  })

  it('429 with a short Retry-After is retried; 403 insufficient permissions needs reconnecting', async () => {
    const { agent } = await signedIn()
    await connect(agent, 'gmail')
    rig.apis.failNext({ status: 429, headers: { 'retry-after': '0' } })
    expect(
      (await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })).statusCode,
    ).toBe(200)
    rig.apis.failNext({
      status: 403,
      body: { error: { code: 403, errors: [{ reason: 'insufficientPermissions' }] } },
    })
    const res = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(res.statusCode).toBe(502)
    expect(res.json()).toMatchObject({
      code: 'MAIL_DELIVERY_FAILED',
      message: oauthReconnectMessage('gmail'),
    })
    rig.apis.failNext({ status: 504 })
    const unknown = await agent.post('/api/auth/oauth/test', { testEmail: 'me@clinic.test' })
    expect(unknown.json().data).toMatchObject({ status: 'unknown' })
  })

  it('invalid_grant on refresh: needsReauth with the reason, and a clear send error', async () => {
    const { agent, account } = await signedIn()
    await connect(agent, 'gmail')
    rig.auth.refuseNext('invalid_grant', 'Token has been expired or revoked.')
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
    rig.auth.refuseNext('invalid_grant', 'AADSTS70008: The refresh token was revoked.')
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
    rig.auth.refuseNext('invalid_grant', 'Token has been expired or revoked.')
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
    await rig.t.database.db
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

describe('the canary', () => {
  it('no issued or refreshed token appears in the logs or in clear in the database', async () => {
    await rig.expectNoSecretsLeaked()
  })
})
