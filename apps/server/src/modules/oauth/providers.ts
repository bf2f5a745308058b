/**
 * What the server asks each provider for and checks it got: the scopes (the fewest that send
 * mail and name the address), the ones sending cannot do without, and the extra authorization
 * parameters. Gmail asks for `gmail.send` only, never `https://mail.google.com/` (a restricted
 * scope with a yearly security assessment); Outlook for Graph `Mail.Send` and `offline_access`.
 */
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'

export type ProviderFacts = {
  /** The `scope` of the authorization request, in this order. */
  scopes: readonly string[]
  /** Scopes without which nothing can be sent; a grant missing one is a scope issue. */
  requiredScopes: readonly string[]
  /** Extra authorization parameters (a refresh token from Google needs offline access + consent). */
  authorizeParams: Readonly<Record<string, string>>
}

export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send'
export const GRAPH_MAIL_SEND_SCOPE = 'https://graph.microsoft.com/Mail.Send'

export const PROVIDER_FACTS: Record<OAuthProvider, ProviderFacts> = {
  gmail: {
    scopes: ['openid', 'email', GMAIL_SEND_SCOPE],
    requiredScopes: [GMAIL_SEND_SCOPE],
    authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'false' },
  },
  outlook: {
    scopes: ['openid', 'email', 'offline_access', GRAPH_MAIL_SEND_SCOPE],
    requiredScopes: [GRAPH_MAIL_SEND_SCOPE],
    authorizeParams: { prompt: 'select_account' },
  },
  yahoo: {
    scopes: ['openid', 'email', 'mail-w'],
    requiredScopes: ['mail-w'],
    authorizeParams: {},
  },
}

// Microsoft answers `Mail.Send` or the full resource URI, in any case; both mean the same grant.
const normalize = (scope: string) =>
  scope
    .trim()
    .replace(/^https:\/\/graph\.microsoft\.com\//i, '')
    .toLowerCase()

/**
 * The required scopes the grant lacks. A token answer without `scope` granted what was asked
 * (RFC 6749 section 5.1), so only a listed grant can miss something.
 */
export function missingScopes(provider: OAuthProvider, granted: string | null): string[] {
  if (granted === null || granted.trim() === '') return []
  const have = new Set(granted.split(/\s+/).filter(Boolean).map(normalize))
  return PROVIDER_FACTS[provider].requiredScopes.filter((s) => !have.has(normalize(s)))
}
