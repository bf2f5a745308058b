/**
 * The provider calls of the OAuth flow (token, userinfo, revocation): plain `fetch` with a
 * timeout and `redirect: 'error'` (a provider never sends our tokens elsewhere by redirecting).
 * Errors carry the OAuth `error` code and the status, never a token or the provider's text.
 */
import type { OAuthProviderConfig } from '../../config-oauth'

export type TokenSet = {
  accessToken: string
  refreshToken: string | undefined
  /** Seconds the access token lives, when the provider says. */
  expiresIn: number | undefined
  /** The granted scopes as the provider listed them; undefined when it did not list them. */
  scope: string | undefined
}

/** A token endpoint refusal (`invalid_grant`…) or a provider that could not be reached. */
export class OAuthHttpError extends Error {
  override name = 'OAuthHttpError'
  constructor(
    /** The OAuth `error` code, or `network`, `timeout`, `bad_response`, `http_<status>`. */
    readonly code: string,
    readonly status: number | undefined,
    /** The provider's `error_description`, cut short: kept to classify, never shown or logged whole. */
    readonly description: string,
  ) {
    super(`OAuth provider call failed: ${code}${status ? ` (${status})` : ''}`)
  }
}

async function call(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) })
  } catch (err) {
    const timeout = (err as Error).name === 'TimeoutError'
    throw new OAuthHttpError(timeout ? 'timeout' : 'network', undefined, '')
  }
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    const body = await res.json()
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/** POSTs a grant to the token endpoint (client secret in the body, RFC 6749 section 2.3.1). */
export async function tokenRequest(
  provider: OAuthProviderConfig,
  params: Record<string, string>,
  timeoutMs: number,
): Promise<TokenSet> {
  const body = new URLSearchParams({ ...params, client_id: provider.clientId ?? '' })
  if (provider.clientSecret) body.set('client_secret', provider.clientSecret)
  const res = await call(
    provider.tokenUrl,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
    },
    timeoutMs,
  )
  const json = await readJson(res)
  if (!res.ok) {
    throw new OAuthHttpError(
      str(json.error) ?? `http_${res.status}`,
      res.status,
      (str(json.error_description) ?? '').slice(0, 300),
    )
  }
  const accessToken = str(json.access_token)
  if (!accessToken) throw new OAuthHttpError('bad_response', res.status, '')
  const expiresIn = Number(json.expires_in)
  return {
    accessToken,
    refreshToken: str(json.refresh_token),
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined,
    scope: str(json.scope),
  }
}

/** The account's address from the OpenID Connect userinfo endpoint (`email`, else Microsoft's `preferred_username`). */
export async function fetchAccountEmail(
  provider: OAuthProviderConfig,
  accessToken: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const res = await call(
    provider.userinfoUrl,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    timeoutMs,
  )
  if (!res.ok) throw new OAuthHttpError(`http_${res.status}`, res.status, '')
  const json = await readJson(res)
  return str(json.email) ?? str(json.preferred_username)
}

/** RFC 7009 revocation of a token; true when the provider confirmed it. */
export async function revokeToken(
  provider: OAuthProviderConfig,
  token: string,
  timeoutMs: number,
): Promise<boolean> {
  if (!provider.revocationUrl) return false
  const body = new URLSearchParams({ token, client_id: provider.clientId ?? '' })
  if (provider.clientSecret) body.set('client_secret', provider.clientSecret)
  try {
    const res = await call(
      provider.revocationUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      },
      timeoutMs,
    )
    return res.ok
  } catch {
    return false
  }
}
