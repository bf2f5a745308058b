/**
 * Connecting a therapist's Gmail, Outlook or Yahoo Mail account by OAuth
 * (docs/decisions/013-oauth-mailboxes.md, docs/product/email.md "Connected mailboxes"); sending
 * through it is sending.ts.
 *
 * Connect: `startConnection` makes a `state` (stored hashed) and a PKCE S256 verifier (sealed),
 * bound to the user and session, 10 minutes, single use, and answers the provider's
 * authorization URL. `completeConnection` (the callback) takes the state out, checks it belongs to
 * the signed-in session and this provider, exchanges the code with the verifier, reads the
 * address from userinfo, compares the granted scopes with the needed ones, and stores both
 * tokens sealed.
 */
import {
  OAUTH_PROVIDERS,
  oauthNotConnected,
  oauthProviderUnavailable,
} from '@myodocs/shared/constants/oauth-messages'
import type {
  OAuthCallbackError,
  OAuthProvider,
  OAuthReauthReason,
} from '@myodocs/shared/constants/oauth-messages'
import { MailAddressSchema } from '@myodocs/shared/contracts/email'
import type { OAuthStatus } from '@myodocs/shared/contracts/oauth'
import { isOAuthProviderAvailable } from '../../config-oauth'
import { hashToken, openSecret, sealSecret } from '../../lib/crypto'
import { badRequest, notFound } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import {
  OAuthHttpError,
  authorizationUrl,
  exchangeCode,
  fetchAccountEmail,
  newState,
  newVerifier,
  revokeToken,
} from './http'
import { PROVIDER_FACTS, missingScopes } from './providers'
import {
  deleteAccount,
  findAccount,
  insertState,
  listAccounts,
  takeState,
  upsertAccount,
} from './repository'
import { checkStaleTokens, newAccountId, sealToken } from './tokens'

/** How long a connection may take between `init` and the callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000

const STATE_TABLE = 'oauth_states'

/** Where the provider sends the browser back; registered with the provider by the operator. */
export const callbackUrl = (ctx: Pick<ServiceContext, 'config'>, provider: OAuthProvider) =>
  `${ctx.config.publicUrl}/api/auth/oauth/callback/${provider}`

/** Refuses a provider this server has no client for. */
export function requireAvailable(ctx: ServiceContext, provider: OAuthProvider) {
  if (!isOAuthProviderAvailable(ctx.config.oauth, provider))
    throw badRequest(oauthProviderUnavailable(provider))
}

/** The providers this server has a client for, in the order they are offered. */
export const availableProviders = (ctx: Pick<ServiceContext, 'config'>) =>
  OAUTH_PROVIDERS.filter((p) => isOAuthProviderAvailable(ctx.config.oauth, p))

// ---------------------------------------------------------------------------------------------
// Status

/**
 * `GET /auth/oauth/status`: the caller's connected accounts and whether each grant suffices.
 * Tokens not refreshed for 9 hours, or with `verify` not checked for a minute, are checked with
 * the provider first (`checkStaleTokens`).
 */
export async function oauthStatus(
  ctx: SignedInContext,
  options: { verify?: boolean } = {},
): Promise<OAuthStatus> {
  let rows = await listAccounts(ctx.db, ctx.actor.id)
  if (await checkStaleTokens(ctx, rows, options)) rows = await listAccounts(ctx.db, ctx.actor.id)
  const scopeValidation: OAuthStatus['scopeValidation'] = {}
  for (const row of rows) {
    const missing = missingScopes(row.provider, row.grantedScopes)
    scopeValidation[row.provider] = { valid: missing.length === 0, missingScopes: missing }
  }
  return {
    connectedAccounts: rows.map((row) => ({
      provider: row.provider,
      email: row.email,
      needsReauth: row.needsReauth,
      reauthReasons: row.reauthReasons as OAuthReauthReason[],
      connectedAt: row.connectedAt.toISOString(),
    })),
    scopeValidation,
    hasScopeIssues: Object.values(scopeValidation).some((v) => !v.valid),
    availableProviders: availableProviders(ctx),
  }
}

// ---------------------------------------------------------------------------------------------
// Connect

/** `POST /auth/oauth/init`: the provider's authorization URL for a new connection. */
export async function startConnection(
  ctx: SignedInContext,
  provider: OAuthProvider,
): Promise<{ authUrl: string }> {
  requireAvailable(ctx, provider)
  const config = ctx.config.oauth.providers[provider]
  const facts = PROVIDER_FACTS[provider]
  const state = newState()
  const verifier = newVerifier()
  const id = newAccountId()
  const now = ctx.now()
  await insertState(
    ctx.db,
    {
      id,
      stateHash: hashToken(state),
      userId: ctx.actor.id,
      sessionId: ctx.actor.sessionId,
      provider,
      codeVerifier: sealSecret(ctx.config.appSecret, verifier, {
        table: STATE_TABLE,
        column: 'code_verifier',
        rowId: id,
      }),
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    },
    now,
  )
  const authUrl = await authorizationUrl(config, {
    redirectUri: callbackUrl(ctx, provider),
    scope: facts.scopes.join(' '),
    state,
    verifier,
    extra: facts.authorizeParams,
  })
  await recordAudit(ctx, {
    action: 'oauth.connect_started',
    actorId: ctx.actor.id,
    businessId: ctx.actor.businessId,
    details: { provider },
  })
  return { authUrl }
}

export type CallbackQuery = {
  code?: string
  state?: string
  error?: string
}

/** Where the popup goes after the callback: `/oauth-success` with the outcome. */
export type CallbackResult =
  | { ok: true; provider: OAuthProvider }
  | { ok: false; provider: OAuthProvider; error: OAuthCallbackError }

/**
 * The callback: never throws for what a browser can send; every refusal is an error code for
 * the popup. `ctx.actor` is whoever the request's session cookie names (or null).
 */
export async function completeConnection(
  ctx: ServiceContext,
  provider: OAuthProvider,
  query: CallbackQuery,
): Promise<CallbackResult> {
  const fail = async (error: OAuthCallbackError): Promise<CallbackResult> => {
    await recordAudit(ctx, {
      action: 'oauth.connect',
      outcome: error === 'access_denied' ? 'failure' : 'denied',
      actorId: ctx.actor?.id ?? null,
      businessId: ctx.actor?.businessId ?? null,
      details: { provider, error },
    })
    return { ok: false, provider, error }
  }
  if (!query.state || query.state.length > 200) return fail('invalid_state')
  // Taken out before anything else: whatever happens next, it can never be used again.
  const state = await takeState(ctx.db, hashToken(query.state))
  const now = ctx.now()
  // The state names the provider it was made for, so a code from another one is refused (mix-up).
  if (!state || state.expiresAt.getTime() <= now.getTime() || state.provider !== provider)
    return fail('invalid_state')
  if (!ctx.actor || ctx.actor.id !== state.userId || ctx.actor.sessionId !== state.sessionId)
    return fail('session_mismatch')
  if (query.error) return fail(query.error === 'access_denied' ? 'access_denied' : 'provider_error')
  if (!query.code || query.code.length > 2000) return fail('provider_error')
  if (!isOAuthProviderAvailable(ctx.config.oauth, provider)) return fail('provider_error')

  const config = ctx.config.oauth.providers[provider]
  const timeout = ctx.config.oauth.httpTimeoutMs
  const verifier = openSecret(ctx.config.appSecret, state.codeVerifier, {
    table: STATE_TABLE,
    column: 'code_verifier',
    rowId: state.id,
  })
  let tokens
  try {
    tokens = await exchangeCode(
      config,
      { code: query.code, redirectUri: callbackUrl(ctx, provider), verifier },
      timeout,
    )
  } catch (err) {
    ctx.log.warn(
      { provider, code: err instanceof OAuthHttpError ? err.code : 'error' },
      'OAuth code exchange failed',
    )
    return fail('token_exchange_failed')
  }
  let email: string | undefined
  try {
    const claimed = await fetchAccountEmail(config, tokens.accessToken, timeout)
    const parsed = MailAddressSchema.safeParse(claimed)
    email = parsed.success ? parsed.data.toLowerCase() : undefined
  } catch (err) {
    ctx.log.warn(
      { provider, code: err instanceof OAuthHttpError ? err.code : 'error' },
      'OAuth userinfo failed',
    )
  }
  if (!email) return fail('address_unavailable')

  const actor = ctx.actor
  const granted = tokens.scope ?? PROVIDER_FACTS[provider].scopes.join(' ')
  const missing = missingScopes(provider, granted)
  const existing = await findAccount(ctx.db, actor.id, provider)
  const id = existing?.id ?? newAccountId()
  await upsertAccount(ctx.db, {
    id,
    userId: actor.id,
    businessId: actor.businessId,
    provider,
    email,
    accessToken: sealToken(ctx, 'access_token', id, tokens.accessToken),
    refreshToken: tokens.refreshToken
      ? sealToken(ctx, 'refresh_token', id, tokens.refreshToken)
      : (existing?.refreshToken ?? null),
    accessTokenExpiresAt: tokens.expiresIn
      ? new Date(now.getTime() + tokens.expiresIn * 1000)
      : null,
    grantedScopes: granted,
    needsReauth: missing.length > 0,
    reauthReasons: missing.length > 0 ? ['insufficient_scope'] : [],
    connectedAt: now,
    refreshedAt: now,
    refreshLeaseUntil: null,
    updatedAt: now,
  })
  if (missing.length > 0) return fail('insufficient_scope')
  await recordAudit(ctx, {
    action: 'oauth.connect',
    actorId: actor.id,
    businessId: actor.businessId,
    details: { provider, reconnected: Boolean(existing) },
  })
  return { ok: true, provider }
}

// ---------------------------------------------------------------------------------------------
// Disconnect

/** `DELETE /auth/oauth/disconnect`: revokes at the provider where it can, and deletes the tokens. */
export async function disconnect(
  ctx: SignedInContext,
  provider: OAuthProvider,
): Promise<{ provider: OAuthProvider; revoked: boolean }> {
  const row = await findAccount(ctx.db, ctx.actor.id, provider)
  if (!row) throw notFound(oauthNotConnected(provider))
  let revoked = false
  try {
    // Revoking the refresh token ends the whole grant (Google); else the access token at least.
    const sealed = row.refreshToken ?? row.accessToken
    const column = row.refreshToken ? 'refresh_token' : 'access_token'
    const token = openSecret(ctx.config.appSecret, sealed, {
      table: 'oauth_accounts',
      column,
      rowId: row.id,
    })
    revoked = await revokeToken(
      ctx.config.oauth.providers[provider],
      token,
      ctx.config.oauth.httpTimeoutMs,
    )
  } catch {
    // An unreadable token cannot be revoked; deleting it is all that is left.
  }
  await deleteAccount(ctx.db, row.id)
  await recordAudit(ctx, {
    action: 'oauth.disconnect',
    actorId: ctx.actor.id,
    businessId: ctx.actor.businessId,
    details: { provider, revoked },
  })
  return { provider, revoked }
}
