/**
 * A usable access token for a connected account. The stored one while more than 5 minutes
 * remain; otherwise (or when a provider answered 401) a refresh. A refresh is single-flight:
 * one promise per account in this process, and across instances a lease on the row taken with
 * one atomic UPDATE, so a rotating refresh token (Microsoft) is never spent twice. The newest
 * refresh token is always kept. `invalid_grant` marks the account `needsReauth` with a reason.
 */
import { randomUUID } from 'node:crypto'
import type { OAuthProvider, OAuthReauthReason } from '@myodocs/shared/constants/oauth-messages'
import {
  OAUTH_TOKEN_CHECK_INTERVAL_MS,
  OAUTH_VERIFY_MIN_INTERVAL_MS,
  oauthReconnectMessage,
} from '@myodocs/shared/constants/oauth-messages'
import { openSecret, sealSecret, SecretUnreadableError } from '../../lib/crypto'
import { recordAudit } from '../audit'
import type { ServiceContext } from '../../lib/service-context'
import { OAuthHttpError, refreshGrant } from './http'
import { findAccountById, takeRefreshLease, updateAccount } from './repository'
import type { OAuthAccountRow } from './repository'

/** Refresh when less than this remains. */
export const REFRESH_MARGIN_MS = 5 * 60_000
/** How long a refresh lease lasts: longer than one token call, short enough to recover from a crash. */
const LEASE_MS = 30_000
/** How often a waiting instance looks whether the lease holder finished. */
const LEASE_POLL_MS = 100

/** The account must be connected again; sending through it cannot work until then. */
export class ReauthRequiredError extends Error {
  override name = 'ReauthRequiredError'
  constructor(
    readonly provider: OAuthProvider,
    readonly reasons: OAuthReauthReason[],
  ) {
    super(oauthReconnectMessage(provider))
  }
}

/** The provider could not be reached or answered something else than a grant refusal. */
export class TokenRefreshFailedError extends Error {
  override name = 'TokenRefreshFailedError'
  constructor(readonly code: string) {
    super(`token refresh failed: ${code}`)
  }
}

const TABLE = 'oauth_accounts'
export const sealToken = (
  ctx: Pick<ServiceContext, 'config'>,
  column: 'access_token' | 'refresh_token',
  rowId: string,
  value: string,
) => sealSecret(ctx.config.appSecret, value, { table: TABLE, column, rowId })
const openToken = (
  ctx: Pick<ServiceContext, 'config'>,
  column: 'access_token' | 'refresh_token',
  rowId: string,
  value: string,
) => openSecret(ctx.config.appSecret, value, { table: TABLE, column, rowId })

/** Reads why a provider refused a refresh token from its description (Google's text, Microsoft's AADSTS codes). */
export function reauthReasonOf(description: string): OAuthReauthReason {
  if (/AADSTS50173|password/i.test(description)) return 'password_changed'
  if (/AADSTS700082|AADSTS700084|expired/i.test(description)) return 'expired'
  if (/revoked|AADSTS70008|AADSTS50126|consent/i.test(description)) return 'revoked'
  return 'unknown'
}

const fresh = (row: OAuthAccountRow, now: Date) =>
  row.accessTokenExpiresAt === null ||
  row.accessTokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS

async function markNeedsReauth(
  ctx: ServiceContext,
  row: OAuthAccountRow,
  reason: OAuthReauthReason,
) {
  await updateAccount(ctx.db, row.id, {
    needsReauth: true,
    reauthReasons: [reason],
    refreshLeaseUntil: null,
    updatedAt: ctx.now(),
  })
  ctx.log.warn({ provider: row.provider, reason }, 'OAuth account needs to be connected again')
  await recordAudit(ctx, {
    action: 'oauth.needs_reauth',
    outcome: 'failure',
    actorId: row.userId,
    businessId: row.businessId,
    details: { provider: row.provider, accountId: row.id, reason },
  })
  return new ReauthRequiredError(row.provider, [reason])
}

const inFlight = new Map<string, Promise<string>>()

/**
 * A usable access token for the account. `rejected`: the token a provider just refused with
 * 401, so a newer one is fetched even if the stored one looks fresh.
 */
export async function accessTokenFor(
  ctx: ServiceContext,
  account: OAuthAccountRow,
  options: { rejected?: string } = {},
): Promise<string> {
  if (account.needsReauth)
    throw new ReauthRequiredError(account.provider, account.reauthReasons as OAuthReauthReason[])
  if (!options.rejected && fresh(account, ctx.now())) {
    try {
      return openToken(ctx, 'access_token', account.id, account.accessToken)
    } catch (err) {
      if (!(err instanceof SecretUnreadableError)) throw err
      throw await markNeedsReauth(ctx, account, 'token_unreadable')
    }
  }
  const running = inFlight.get(account.id)
  if (running) return running
  const refresh = refreshAccessToken(ctx, account.id, options.rejected).finally(() =>
    inFlight.delete(account.id),
  )
  inFlight.set(account.id, refresh)
  return refresh
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Refreshes under the row's lease. Whoever finds the lease taken waits for the holder and
 * uses the token it stored. Exported for the tests of two instances at once.
 */
export async function refreshAccessToken(
  ctx: ServiceContext,
  accountId: string,
  rejected?: string,
): Promise<string> {
  const deadline = Date.now() + LEASE_MS + 5_000
  for (;;) {
    const now = ctx.now()
    const row = await takeRefreshLease(ctx.db, accountId, now, new Date(now.getTime() + LEASE_MS))
    if (row) return refreshHoldingLease(ctx, row, rejected)
    // Another instance holds the lease: wait for its result.
    await sleep(LEASE_POLL_MS)
    const current = await findAccountById(ctx.db, accountId)
    if (!current) throw new TokenRefreshFailedError('not_connected')
    if (current.needsReauth)
      throw new ReauthRequiredError(current.provider, current.reauthReasons as OAuthReauthReason[])
    const stillLeased =
      current.refreshLeaseUntil !== null &&
      current.refreshLeaseUntil.getTime() > ctx.now().getTime()
    if (!stillLeased && fresh(current, ctx.now())) {
      const token = openToken(ctx, 'access_token', current.id, current.accessToken)
      if (token !== rejected) return token
    }
    if (Date.now() > deadline) throw new TokenRefreshFailedError('lease_timeout')
  }
}

async function refreshHoldingLease(
  ctx: ServiceContext,
  row: OAuthAccountRow,
  rejected: string | undefined,
): Promise<string> {
  const release = () => updateAccount(ctx.db, row.id, { refreshLeaseUntil: null })
  try {
    let current: string
    let refreshToken: string | null
    try {
      current = openToken(ctx, 'access_token', row.id, row.accessToken)
      refreshToken = row.refreshToken && openToken(ctx, 'refresh_token', row.id, row.refreshToken)
    } catch (err) {
      if (!(err instanceof SecretUnreadableError)) throw err
      throw await markNeedsReauth(ctx, row, 'token_unreadable')
    }
    // Someone refreshed between our look and the lease: their token is as good as a new one.
    if (fresh(row, ctx.now()) && current !== rejected) {
      await release()
      return current
    }
    if (!refreshToken) throw await markNeedsReauth(ctx, row, 'expired')
    const provider = ctx.config.oauth.providers[row.provider]
    let tokens
    try {
      tokens = await refreshGrant(provider, refreshToken, ctx.config.oauth.httpTimeoutMs)
    } catch (err) {
      if (err instanceof OAuthHttpError && err.code === 'invalid_grant')
        throw await markNeedsReauth(ctx, row, reauthReasonOf(err.description))
      await release()
      throw new TokenRefreshFailedError(err instanceof OAuthHttpError ? err.code : 'error')
    }
    const now = ctx.now()
    await updateAccount(ctx.db, row.id, {
      accessToken: sealToken(ctx, 'access_token', row.id, tokens.accessToken),
      // Microsoft rotates the refresh token on every use: always keep the newest one.
      ...(tokens.refreshToken
        ? { refreshToken: sealToken(ctx, 'refresh_token', row.id, tokens.refreshToken) }
        : {}),
      accessTokenExpiresAt: tokens.expiresIn
        ? new Date(now.getTime() + tokens.expiresIn * 1000)
        : null,
      ...(tokens.scope ? { grantedScopes: tokens.scope } : {}),
      refreshedAt: now,
      refreshLeaseUntil: null,
      updatedAt: now,
    })
    return tokens.accessToken
  } catch (err) {
    if (!(err instanceof ReauthRequiredError) && !(err instanceof TokenRefreshFailedError))
      await release().catch(() => undefined)
    throw err
  }
}

// When each account was last checked on request (`verify`), so a provider that cannot be reached
// is still asked at most once a minute; per process, which only makes the bound per instance.
const lastVerifiedAt = new Map<string, number>()

/**
 * The token validity check: every account not refreshed for 9 hours (or, with `verify`, not
 * checked for a minute: the Send dialog opening, Settings → Email shown) refreshes now, and the
 * provider answers whether the grant still stands. A refused grant marks the account
 * `needsReauth`; an unreachable provider changes nothing. Answers whether any account was checked.
 */
export async function checkStaleTokens(
  ctx: ServiceContext,
  rows: OAuthAccountRow[],
  options: { verify?: boolean } = {},
): Promise<boolean> {
  const now = ctx.now().getTime()
  const interval = options.verify ? OAUTH_VERIFY_MIN_INTERVAL_MS : OAUTH_TOKEN_CHECK_INTERVAL_MS
  const stale = rows.filter(
    (row) =>
      !row.needsReauth &&
      now -
        Math.max((row.refreshedAt ?? row.connectedAt).getTime(), lastVerifiedAt.get(row.id) ?? 0) >=
        interval,
  )
  await Promise.all(
    stale.map(async (row) => {
      lastVerifiedAt.set(row.id, now)
      let current = ''
      try {
        current = openToken(ctx, 'access_token', row.id, row.accessToken)
      } catch {
        // Unreadable: accessTokenFor marks the account for reconnecting.
      }
      // The current token counts as refused, so the refresh reaches the provider even if it looks fresh.
      await accessTokenFor(ctx, row, { rejected: current }).catch(() => undefined)
    }),
  )
  return stale.length > 0
}

/** A new row id for an account connected for the first time. */
export const newAccountId = () => randomUUID()
