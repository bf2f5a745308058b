import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { OAUTH_DEFAULT_ENDPOINTS, isOAuthProviderAvailable } from './config-oauth'

describe('OAuth provider configuration', () => {
  it('uses the real endpoints and offers no provider without a client id', () => {
    const { oauth } = loadConfig({})
    expect(oauth.providers.gmail).toMatchObject(OAUTH_DEFAULT_ENDPOINTS.gmail)
    expect(oauth.providers.outlook.revocationUrl).toBeUndefined()
    expect(oauth.providers.yahoo.smtp).toEqual({ host: 'smtp.mail.yahoo.com', port: 465 })
    for (const p of ['gmail', 'outlook', 'yahoo'] as const)
      expect(isOAuthProviderAvailable(oauth, p)).toBe(false)
  })

  it('reads every endpoint and the client from OAUTH_<PROVIDER>_*', () => {
    const { oauth } = loadConfig({
      OAUTH_OUTLOOK_CLIENT_ID: 'client-1',
      OAUTH_OUTLOOK_CLIENT_SECRET: 'secret-1',
      OAUTH_OUTLOOK_AUTH_URL: 'http://127.0.0.1:4000/authorize',
      OAUTH_OUTLOOK_TOKEN_URL: 'http://127.0.0.1:4000/token/',
      OAUTH_OUTLOOK_REVOKE_URL: 'http://127.0.0.1:4000/revoke',
      OAUTH_OUTLOOK_USERINFO_URL: 'http://127.0.0.1:4000/userinfo',
      OAUTH_OUTLOOK_API_URL: 'http://127.0.0.1:4001',
      OAUTH_YAHOO_SMTP_HOST: 'mail.test',
      OAUTH_YAHOO_SMTP_PORT: '2465',
      OAUTH_HTTP_TIMEOUT_MS: '3000',
    })
    expect(oauth.providers.outlook).toMatchObject({
      clientId: 'client-1',
      clientSecret: 'secret-1',
      authorizationUrl: 'http://127.0.0.1:4000/authorize',
      tokenUrl: 'http://127.0.0.1:4000/token',
      revocationUrl: 'http://127.0.0.1:4000/revoke',
      userinfoUrl: 'http://127.0.0.1:4000/userinfo',
      apiUrl: 'http://127.0.0.1:4001',
    })
    expect(isOAuthProviderAvailable(oauth, 'outlook')).toBe(true)
    expect(oauth.providers.yahoo.smtp).toEqual({ host: 'mail.test', port: 2465 })
    expect(oauth.httpTimeoutMs).toBe(3000)
  })

  it('names each bad variable, and refuses plain http in production', () => {
    expect(() => loadConfig({ OAUTH_GMAIL_TOKEN_URL: 'not a url' })).toThrow(
      /OAUTH_GMAIL_TOKEN_URL/,
    )
    expect(() => loadConfig({ OAUTH_YAHOO_IMAP_PORT: '0' })).toThrow(/OAUTH_YAHOO_IMAP_PORT/)
    expect(() => loadConfig({ OAUTH_GMAIL_API_URL: 'ftp://x.test' })).toThrow(ConfigError)
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(40),
        OAUTH_GMAIL_TOKEN_URL: 'http://token.test/token',
      }),
    ).toThrow(/OAUTH_GMAIL_TOKEN_URL: must start with https:\/\//)
  })
})
