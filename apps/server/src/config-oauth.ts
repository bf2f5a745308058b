/**
 * The OAuth mailbox providers' configuration (`OAUTH_<PROVIDER>_*`): the client the operator
 * registered with Google, Microsoft or Yahoo, and every endpoint the server talks to, so tests
 * and staging point them at local servers. A provider without a client id is not available.
 * See docs/decisions/013-oauth-mailboxes.md and the README's "Connecting Gmail, Outlook and Yahoo".
 */
import { z } from 'zod'
import { OAUTH_PROVIDERS } from '@myodocs/shared/constants/oauth-messages'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import type { Env } from './config'
import type { MailConnectionPolicy } from './email/connection-policy'

export type OAuthProviderConfig = {
  provider: OAuthProvider
  clientId: string | undefined
  clientSecret: string | undefined
  authorizationUrl: string
  tokenUrl: string
  /** RFC 7009 revocation; unset where the provider has none (Microsoft). */
  revocationUrl: string | undefined
  /** OpenID Connect userinfo: where the account's address is read after consent. */
  userinfoUrl: string
  /** Gmail API or Microsoft Graph base (unused for Yahoo). */
  apiUrl: string | undefined
  /** Yahoo only: SMTP (XOAUTH2) and IMAP (the Sent copy) over implicit TLS. */
  smtp: { host: string; port: number } | undefined
  imap: { host: string; port: number } | undefined
}

export type OAuthConfig = {
  providers: Record<OAuthProvider, OAuthProviderConfig>
  /** How long an HTTP call to a provider may take. */
  httpTimeoutMs: number
  /**
   * How Yahoo's SMTP and IMAP hosts are reached. Unset: TLS verified against the system roots,
   * private hosts allowed (the operator chose them), the configured ports allowed. Tests set it.
   */
  mailPolicy?: MailConnectionPolicy
}

type Defaults = Omit<OAuthProviderConfig, 'provider' | 'clientId' | 'clientSecret'>

/** The real endpoints, used unless a variable says otherwise. */
export const OAUTH_DEFAULT_ENDPOINTS: Record<OAuthProvider, Defaults> = {
  gmail: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revocationUrl: 'https://oauth2.googleapis.com/revoke',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    apiUrl: 'https://gmail.googleapis.com',
    smtp: undefined,
    imap: undefined,
  },
  outlook: {
    authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    revocationUrl: undefined,
    userinfoUrl: 'https://graph.microsoft.com/oidc/userinfo',
    apiUrl: 'https://graph.microsoft.com',
    smtp: undefined,
    imap: undefined,
  },
  yahoo: {
    authorizationUrl: 'https://api.login.yahoo.com/oauth2/request_auth',
    tokenUrl: 'https://api.login.yahoo.com/oauth2/get_token',
    revocationUrl: undefined,
    userinfoUrl: 'https://api.login.yahoo.com/openid/v1/userinfo',
    apiUrl: undefined,
    smtp: { host: 'smtp.mail.yahoo.com', port: 465 },
    imap: { host: 'imap.mail.yahoo.com', port: 993 },
  },
}

const FIELDS = {
  CLIENT_ID: 'clientId',
  CLIENT_SECRET: 'clientSecret',
  AUTH_URL: 'authorizationUrl',
  TOKEN_URL: 'tokenUrl',
  REVOKE_URL: 'revocationUrl',
  USERINFO_URL: 'userinfoUrl',
  API_URL: 'apiUrl',
} as const

const text = z.string().trim().min(1).max(2000)
const port = z.coerce.number().int().min(1).max(65535)

/** Reads `OAUTH_<PROVIDER>_*`; returns the configuration and the problems, each naming its variable. */
export function loadOAuthConfig(
  env: Env,
  production: boolean,
): { config: OAuthConfig; problems: string[] } {
  const problems: string[] = []
  const read = <T>(name: string, schema: z.ZodType<T>): T | undefined => {
    const raw = env[name]
    if (raw === undefined || raw === '') return undefined
    const parsed = schema.safeParse(raw)
    if (!parsed.success) {
      problems.push(`  ${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
      return undefined
    }
    return parsed.data
  }
  const endpoint = (name: string) => {
    const value = read(name, z.url({ error: 'must be a URL' }))
    if (value === undefined) return undefined
    const { protocol } = new URL(value)
    // Tokens travel to these: only TLS in production; plain HTTP is for local test servers.
    if (protocol !== 'https:' && (production || protocol !== 'http:')) {
      problems.push(`  ${name}: must start with https://${production ? '' : ' or http://'}`)
      return undefined
    }
    return value.replace(/\/+$/, '')
  }

  const providers = Object.fromEntries(
    OAUTH_PROVIDERS.map((provider) => {
      const prefix = `OAUTH_${provider.toUpperCase()}_`
      const defaults = OAUTH_DEFAULT_ENDPOINTS[provider]
      const values: Record<string, string | undefined> = {}
      for (const [suffix, field] of Object.entries(FIELDS)) {
        const name = `${prefix}${suffix}`
        values[field] = field.startsWith('client') ? read(name, text) : endpoint(name)
      }
      const host = (suffix: string, fallback: { host: string; port: number } | undefined) => {
        if (!fallback) return undefined
        return {
          host: read(`${prefix}${suffix}_HOST`, text) ?? fallback.host,
          port: read(`${prefix}${suffix}_PORT`, port) ?? fallback.port,
        }
      }
      const config: OAuthProviderConfig = {
        provider,
        clientId: values.clientId,
        clientSecret: values.clientSecret,
        authorizationUrl: values.authorizationUrl ?? defaults.authorizationUrl,
        tokenUrl: values.tokenUrl ?? defaults.tokenUrl,
        revocationUrl: values.revocationUrl ?? defaults.revocationUrl,
        userinfoUrl: values.userinfoUrl ?? defaults.userinfoUrl,
        apiUrl: values.apiUrl ?? defaults.apiUrl,
        smtp: host('SMTP', defaults.smtp),
        imap: host('IMAP', defaults.imap),
      }
      return [provider, config]
    }),
  ) as Record<OAuthProvider, OAuthProviderConfig>

  const httpTimeoutMs = read('OAUTH_HTTP_TIMEOUT_MS', z.coerce.number().int().min(500).max(120_000))
  return { config: { providers, httpTimeoutMs: httpTimeoutMs ?? 20_000 }, problems }
}

/** A provider can be connected only when the operator gave its client id. */
export const isOAuthProviderAvailable = (config: OAuthConfig, provider: OAuthProvider) =>
  Boolean(config.providers[provider].clientId)
