/**
 * Connecting Gmail, Outlook and Yahoo Mail by OAuth and disconnecting them
 * (docs/product/email.md "Connected mailboxes", docs/decisions/013-oauth-mailboxes.md), against
 * a real authorization server on loopback (test/oauth-rig.ts). Sending through a connected
 * mailbox is oauth-sending.test.ts; keeping its tokens fresh is oauth-tokens.test.ts.
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import { oauthAccounts, oauthStates } from '../../db/schema'
import { MINUTE, oauthRig } from '../../../test/oauth-rig'
import { signIn } from '../../../test/factories'

const rig = oauthRig()
const { clock, signedIn, init, connect, status, rowOf } = rig

describe('connecting a mailbox', () => {
  it('status: nothing connected, the configured providers offered; signed-in only', async () => {
    const { agent } = await signedIn()
    expect(await status(agent)).toEqual({
      connectedAccounts: [],
      scopeValidation: {},
      hasScopeIssues: false,
      availableProviders: ['gmail', 'outlook', 'yahoo'],
    })
    expect((await rig.t.agent().get('/api/auth/oauth/status')).statusCode).toBe(401)
    const anonymous = rig.t.agent()
    await anonymous.csrf()
    expect((await anonymous.post('/api/auth/oauth/init', { provider: 'gmail' })).statusCode).toBe(
      401,
    )
  })

  it('init: code flow with PKCE S256, an opaque state and exactly the minimal scopes', async () => {
    const { agent } = await signedIn()
    const gmail = await init(agent, 'gmail')
    expect(`${gmail.origin}${gmail.pathname}`).toBe(`${rig.auth.url}/authorize`)
    const q = Object.fromEntries(gmail.searchParams)
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: 'gmail-client',
      redirect_uri: `${rig.t.config.publicUrl}/api/auth/oauth/callback/gmail`,
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
    const states = await rig.t.database.db.select().from(oauthStates)
    expect(JSON.stringify(states)).not.toContain(q.state)
  })

  it('connects Gmail: the verifier matches the challenge, tokens stored sealed, the address read', async () => {
    const { agent, account } = await signedIn()
    const { authUrl, location } = await connect(agent, 'gmail')
    expect(location).toBe('/oauth-success?oauth=success&provider=gmail')
    const exchange = rig.auth.tokenCalls.filter((c) => c.grantType === 'authorization_code').at(-1)!
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
    const stolen = await rig.auth.consent((await init(a.agent, 'outlook')).toString())
    expect((await b.agent.get(stolen.path)).headers.location).toContain('error=session_mismatch')
    // …and it is spent: A cannot use it afterwards either.
    expect((await a.agent.get(stolen.path)).headers.location).toContain('error=invalid_state')
    // Not signed in at all.
    const anonymous = await rig.auth.consent((await init(a.agent, 'outlook')).toString())
    expect((await rig.t.agent().get(anonymous.path)).headers.location).toContain(
      'error=session_mismatch',
    )

    // Expired after 10 minutes.
    const late = await rig.auth.consent((await init(a.agent, 'outlook')).toString())
    clock.advance(10 * MINUTE + 1000)
    await signIn(a.agent, a.account.email)
    expect((await a.agent.get(late.path)).headers.location).toContain('error=invalid_state')

    // A state made for Gmail, brought back to the Outlook callback (mix-up).
    const mixed = await rig.auth.consent((await init(a.agent, 'gmail')).toString())
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
    rig.auth.grantScopeOnce('openid email')
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
    rig.auth.grantScopeOnce('openid email offline_access Mail.Send')
    expect((await connect(agent, 'outlook')).location).toContain('oauth=success')
  })

  it('no address from the provider: address_unavailable, nothing stored', async () => {
    const { agent, account } = await signedIn()
    rig.auth.email = undefined
    try {
      expect((await connect(agent, 'yahoo')).location).toContain('error=address_unavailable')
    } finally {
      rig.auth.email = 'therapist@mailbox.test'
    }
    expect(
      await rig.t.database.db
        .select()
        .from(oauthAccounts)
        .where(eq(oauthAccounts.userId, account.id)),
    ).toEqual([])
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
    await vi.waitFor(() => expect(rig.auth.issued).toContain(rig.auth.revoked.at(-1)))
    expect(
      await rig.t.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.id, row.id)),
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
    await rig.expectNoSecretsLeaked()
  })
})
