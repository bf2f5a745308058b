/**
 * The OAuth client's provider calls (code exchange, refresh, userinfo, revocation) and PKCE, on
 * oauth4webapi with the endpoints of configuration (docs/decisions/013-oauth-mailboxes.md). Every
 * call has a timeout and `redirect: 'error'` (a provider never sends our tokens elsewhere by
 * redirecting), and plain HTTP only for an endpoint configuration allowed it for (loopback test
 * servers, never in production: config-oauth.ts). Errors carry the OAuth `error` code and the
 * status, never a token or the provider's text.
 */
import * as oauth from 'oauth4webapi'
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

/** A new PKCE verifier and `state` (each 256 random bits) for an authorization request. */
export const newVerifier = () => oauth.generateRandomCodeVerifier()
export const newState = () => oauth.generateRandomState()

/** The provider's authorization URL: code flow, PKCE S256, the provider's own extra parameters. */
export async function authorizationUrl(
  provider: OAuthProviderConfig,
  request: {
    redirectUri: string
    scope: string
    state: string
    verifier: string
    extra: Readonly<Record<string, string>>
  },
): Promise<string> {
  const url = new URL(provider.authorizationUrl)
  const params = {
    response_type: 'code',
    client_id: provider.clientId ?? '',
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(request.verifier),
    code_challenge_method: 'S256',
    ...request.extra,
  }
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

const serverOf = (provider: OAuthProviderConfig): oauth.AuthorizationServer => ({
  issuer: new URL(provider.authorizationUrl).origin,
  authorization_endpoint: provider.authorizationUrl,
  token_endpoint: provider.tokenUrl,
  userinfo_endpoint: provider.userinfoUrl,
  ...(provider.revocationUrl ? { revocation_endpoint: provider.revocationUrl } : {}),
})
const clientOf = (provider: OAuthProviderConfig): oauth.Client => ({
  client_id: provider.clientId ?? '',
})
// The secret in the body, as every provider here accepts it (docs/decisions/013-oauth-mailboxes.md).
const authOf = (provider: OAuthProviderConfig) =>
  provider.clientSecret ? oauth.ClientSecretPost(provider.clientSecret) : oauth.None()

/**
 * The address comes from userinfo and the ID token is never read, so it is dropped unread:
 * oauth4webapi would check its issuer, which Microsoft's multi-tenant endpoint sets per tenant.
 */
async function withoutIdToken(res: Response): Promise<Response> {
  if (res.status !== 200) return res
  const text = await res.text()
  const headers = new Headers(res.headers)
  headers.delete('content-length')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return new Response(text, { status: res.status, headers })
  }
  if (body && typeof body === 'object') delete (body as { id_token?: unknown }).id_token
  return new Response(JSON.stringify(body), { status: res.status, headers })
}

function optionsFor(
  url: string,
  timeoutMs: number,
  after: (res: Response) => Promise<Response> = async (res) => res,
) {
  return {
    signal: AbortSignal.timeout(timeoutMs),
    // Configuration accepts http:// only outside production (config-oauth.ts).
    [oauth.allowInsecureRequests]: new URL(url).protocol === 'http:',
    [oauth.customFetch]: async (input: string, init: oauth.CustomFetchOptions<string, unknown>) =>
      after(await fetch(input, { ...(init as RequestInit), redirect: 'error' })),
  }
}

/** Any failure of a provider call as the one error the callers classify. */
function asHttpError(err: unknown): OAuthHttpError {
  if (err instanceof OAuthHttpError) return err
  if (err instanceof oauth.ResponseBodyError)
    return new OAuthHttpError(err.error, err.status, (err.error_description ?? '').slice(0, 300))
  if (err instanceof oauth.WWWAuthenticateChallengeError)
    return new OAuthHttpError(`http_${err.status}`, err.status, '')
  if (err instanceof oauth.OperationProcessingError) {
    const status = err.cause instanceof Response ? err.cause.status : undefined
    return err.code === oauth.RESPONSE_IS_NOT_CONFORM && status
      ? new OAuthHttpError(`http_${status}`, status, '')
      : new OAuthHttpError('bad_response', status, '')
  }
  const name = (err as Error | undefined)?.name
  return new OAuthHttpError(name === 'TimeoutError' ? 'timeout' : 'network', undefined, '')
}

const tokenSetOf = (tokens: oauth.TokenEndpointResponse): TokenSet => ({
  accessToken: tokens.access_token,
  refreshToken: tokens.refresh_token,
  expiresIn:
    typeof tokens.expires_in === 'number' && tokens.expires_in > 0 ? tokens.expires_in : undefined,
  scope: tokens.scope,
})

/** Exchanges the callback's `code` with the PKCE verifier. */
export async function exchangeCode(
  provider: OAuthProviderConfig,
  grant: { code: string; redirectUri: string; verifier: string },
  timeoutMs: number,
): Promise<TokenSet> {
  const as = serverOf(provider)
  const client = clientOf(provider)
  try {
    // The state was checked (and spent) by the caller against its stored hash.
    const callback = oauth.validateAuthResponse(
      as,
      client,
      new URLSearchParams({ code: grant.code }),
      oauth.skipStateCheck,
    )
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      authOf(provider),
      callback,
      grant.redirectUri,
      grant.verifier,
      optionsFor(provider.tokenUrl, timeoutMs, withoutIdToken),
    )
    return tokenSetOf(await oauth.processAuthorizationCodeResponse(as, client, res))
  } catch (err) {
    throw asHttpError(err)
  }
}

/** A new access token (and, where the provider rotates it, refresh token) for a refresh token. */
export async function refreshGrant(
  provider: OAuthProviderConfig,
  refreshToken: string,
  timeoutMs: number,
): Promise<TokenSet> {
  const as = serverOf(provider)
  const client = clientOf(provider)
  try {
    const res = await oauth.refreshTokenGrantRequest(
      as,
      client,
      authOf(provider),
      refreshToken,
      optionsFor(provider.tokenUrl, timeoutMs, withoutIdToken),
    )
    return tokenSetOf(await oauth.processRefreshTokenResponse(as, client, res))
  } catch (err) {
    throw asHttpError(err)
  }
}

/** The account's address from the OpenID Connect userinfo endpoint (`email`, else Microsoft's `preferred_username`). */
export async function fetchAccountEmail(
  provider: OAuthProviderConfig,
  accessToken: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const as = serverOf(provider)
  const client = clientOf(provider)
  try {
    const res = await oauth.userInfoRequest(
      as,
      client,
      accessToken,
      optionsFor(provider.userinfoUrl, timeoutMs),
    )
    const info = await oauth.processUserInfoResponse(as, client, oauth.skipSubjectCheck, res)
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
    return str(info.email) ?? str(info.preferred_username)
  } catch (err) {
    throw asHttpError(err)
  }
}

/** Revokes a token at the provider's revocation endpoint; true when the provider confirmed it. */
export async function revokeToken(
  provider: OAuthProviderConfig,
  token: string,
  timeoutMs: number,
): Promise<boolean> {
  if (!provider.revocationUrl) return false
  try {
    const res = await oauth.revocationRequest(
      serverOf(provider),
      clientOf(provider),
      authOf(provider),
      token,
      optionsFor(provider.revocationUrl, timeoutMs),
    )
    await oauth.processRevocationResponse(res)
    return true
  } catch {
    return false
  }
}
