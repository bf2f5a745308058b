/**
 * Sessions (ARCHITECTURE.md "Requests, errors, auth"; docs/decisions/003-sessions.md).
 *
 * Two opaque random tokens in httpOnly SameSite=Lax cookies, stored only as SHA-256 hashes:
 * - the access token (cookie `myodocs_session`, path /), valid 15 minutes; a lapsed one answers
 *   401 TOKEN_EXPIRED and the browser refreshes;
 * - the refresh token (cookie `myodocs_refresh`, path /api/auth), exchanged at POST /auth/refresh
 *   for a new pair. A refresh token used twice means it was copied: the session is revoked —
 *   except within 30 s of its rotation, when the second caller (another tab of the same browser)
 *   gets the very same new pair, derived from the old token with an HMAC so no raw token is kept.
 *
 * A session ends on sign-out, 4 h without activity, 12 h after sign-in, a password reset,
 * deactivation of the user, or refresh-token reuse; its next request answers 401 SESSION_EXPIRED.
 */
import { createHmac } from 'node:crypto'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { AUTHENTICATION_REQUIRED, SESSION_EXPIRED } from '@myodocs/shared/constants/messages'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'
import { deriveKey, hashToken, randomToken } from '../../lib/crypto'
import type { ResolvedConfig } from '../../lib/secrets'
import { recordAudit, requestOrigin } from '../audit/service'
import {
  claimRefreshToken,
  findRefreshToken,
  findSessionByAccessHash,
  findSessionById,
  insertRefreshToken,
  insertSession,
  pruneEndedSessions,
  revokeSession,
  revokeUserSessions,
  updateSession,
} from './repository'
import type { SessionRow, UserRow } from './repository'

export const ACCESS_COOKIE = 'myodocs_session'
export const REFRESH_COOKIE = 'myodocs_refresh'
const REFRESH_COOKIE_PATH = '/api/auth'
/** Ended sessions are kept this long (support questions), then pruned at the user's next login. */
const ENDED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

/** What the services of this and later modules need from the app. */
export type AuthContext = {
  db: Db
  config: ResolvedConfig
  now: () => Date
  log: FastifyBaseLogger
}

/** The signed-in user, as `req.user` (see plugins/auth.ts). */
export type AuthUser = {
  id: string
  email: string
  firstName: string
  lastName: string
  businessId: string
  isPrimaryUser: boolean
  sessionId: string
  draftKeyVersion: number
}

type Tokens = { access: string; refresh: string }

export type SessionEndReason = 'revoked' | 'idle' | 'absolute' | 'deactivated'

const sessionExpired = () => new AppError('SESSION_EXPIRED', SESSION_EXPIRED, 401)
const notSignedIn = () => new AppError('UNAUTHORIZED', AUTHENTICATION_REQUIRED, 401)

/** Why a session can no longer be used, or null while it can. Boundaries are exact (≥). */
export function sessionEndReason(
  session: SessionRow,
  user: Pick<UserRow, 'isActive'>,
  now: Date,
  auth: ResolvedConfig['auth'],
): SessionEndReason | null {
  const t = now.getTime()
  if (session.revokedAt) return 'revoked'
  if (!user.isActive) return 'deactivated'
  if (t >= session.expiresAt.getTime()) return 'absolute'
  if (t >= session.lastActivityAt.getTime() + auth.idleTimeoutMs) return 'idle'
  return null
}

/** The pair a refresh token is exchanged for: derived, so a repeat within the grace matches. */
function successorTokens(appSecret: string, refreshToken: string): Tokens {
  const key = deriveKey(appSecret, 'refresh-rotation')
  const mac = (label: string) =>
    createHmac('sha256', key).update(`${label}:${refreshToken}`).digest('base64url')
  return { access: mac('access'), refresh: mac('refresh') }
}

export function setSessionCookies(reply: FastifyReply, config: ResolvedConfig, tokens: Tokens) {
  // Session cookies (no Max-Age): closing the browser ends them; the server enforces lifetimes.
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure }
  reply.setCookie(ACCESS_COOKIE, tokens.access, { ...base, path: '/' })
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, { ...base, path: REFRESH_COOKIE_PATH })
}

export function clearSessionCookies(reply: FastifyReply, config: ResolvedConfig) {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure }
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' })
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH })
}

const toAuthUser = (user: UserRow, sessionId: string): AuthUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  businessId: user.businessId,
  isPrimaryUser: user.isPrimaryUser,
  sessionId,
  draftKeyVersion: user.draftKeyVersion,
})

/**
 * Signs a user in: a new session with fresh tokens (never reusing one the browser brought, so a
 * planted cookie cannot fixate the session), cookies set on the reply.
 */
export async function startSession(
  ctx: AuthContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<AuthUser> {
  await endRequestSession(ctx, req, 'replaced')
  const now = ctx.now()
  const tokens: Tokens = { access: randomToken(), refresh: randomToken() }
  const origin = requestOrigin(req)
  const session = await insertSession(
    ctx.db,
    {
      userId: user.id,
      accessTokenHash: hashToken(tokens.access),
      accessExpiresAt: new Date(now.getTime() + ctx.config.auth.accessTokenTtlMs),
      lastActivityAt: now,
      expiresAt: new Date(now.getTime() + ctx.config.auth.absoluteLifetimeMs),
      ip: origin.ip,
      userAgent: origin.userAgent,
      createdAt: now,
    },
    hashToken(tokens.refresh),
  )
  await pruneEndedSessions(ctx.db, user.id, new Date(now.getTime() - ENDED_SESSION_RETENTION_MS))
  setSessionCookies(reply, ctx.config, tokens)
  return toAuthUser(user, session.id)
}

async function auditSessionEnd(
  ctx: AuthContext,
  req: FastifyRequest,
  user: Pick<UserRow, 'id' | 'businessId'>,
  sessionId: string,
  reason: SessionEndReason | 'refresh_reuse',
) {
  const action =
    reason === 'idle'
      ? 'auth.idle_timeout'
      : reason === 'refresh_reuse'
        ? 'auth.refresh_token_reuse'
        : 'auth.session_ended'
  await recordAudit(
    ctx.db,
    {
      action,
      outcome: reason === 'refresh_reuse' ? 'denied' : 'success',
      actorId: user.id,
      businessId: user.businessId,
      details: { sessionId, reason },
    },
    requestOrigin(req),
  )
}

/**
 * Resolves the request's access token to its user, or throws 401: UNAUTHORIZED without a valid
 * token, TOKEN_EXPIRED when it lapsed (refresh), SESSION_EXPIRED when the session has ended.
 * Records activity for the idle timeout at most once per `activityWriteIntervalMs`.
 */
export async function authenticateRequest(
  ctx: AuthContext,
  req: FastifyRequest,
): Promise<AuthUser> {
  const token = req.cookies[ACCESS_COOKIE]
  if (!token) throw notSignedIn()
  const found = await findSessionByAccessHash(ctx.db, hashToken(token))
  if (!found) throw notSignedIn()
  const { session, user } = found
  const now = ctx.now()
  const ended = sessionEndReason(session, user, now, ctx.config.auth)
  if (ended) {
    if (ended !== 'revoked') {
      await revokeSession(ctx.db, session.id, ended, now)
      await auditSessionEnd(ctx, req, user, session.id, ended)
    }
    throw sessionExpired()
  }
  if (now.getTime() >= session.accessExpiresAt.getTime()) {
    throw new AppError('TOKEN_EXPIRED', 'Your access token has expired.', 401)
  }
  if (now.getTime() - session.lastActivityAt.getTime() >= ctx.config.auth.activityWriteIntervalMs) {
    await updateSession(ctx.db, session.id, { lastActivityAt: now })
  }
  return toAuthUser(user, session.id)
}

/** Records activity now (GET /auth/me: the browser's keep-alive while the user works). */
export async function recordActivity(ctx: AuthContext, sessionId: string) {
  await updateSession(ctx.db, sessionId, { lastActivityAt: ctx.now() })
}

type RefreshOutcome =
  | { kind: 'rotated' | 'repeat'; tokens: Tokens }
  | { kind: 'already-rotated' }
  | { kind: 'unknown' }
  | {
      kind: 'ended'
      reason: SessionEndReason | 'refresh_reuse'
      user: UserRow
      sessionId: string
      audit: boolean
    }

/**
 * POST /auth/refresh: exchanges the refresh cookie for a new pair. Throws 401 when the session
 * is gone; revokes it (and audits) when an already-exchanged token comes back after the grace.
 */
export async function refreshSession(
  ctx: AuthContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const raw = req.cookies[REFRESH_COOKIE]
  if (!raw) throw notSignedIn()
  const tokenHash = hashToken(raw)
  const next = successorTokens(ctx.config.appSecret, raw)
  const now = ctx.now()
  const { auth } = ctx.config

  // One transaction: a crash between claiming the old token and storing the new one would
  // otherwise strand the session. Inside it, only `tx` may be used (PGlite has one connection).
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const claimedSessionId = await claimRefreshToken(tx, tokenHash, now)
    if (claimedSessionId) {
      const found = await findSessionById(tx, claimedSessionId)
      if (!found) return { kind: 'unknown' }
      const ended = sessionEndReason(found.session, found.user, now, auth)
      if (ended) {
        await revokeSession(tx, found.session.id, ended, now)
        return {
          kind: 'ended',
          reason: ended,
          user: found.user,
          sessionId: found.session.id,
          audit: ended !== 'revoked',
        }
      }
      await insertRefreshToken(tx, found.session.id, hashToken(next.refresh), now)
      await updateSession(tx, found.session.id, {
        accessTokenHash: hashToken(next.access),
        accessExpiresAt: new Date(now.getTime() + auth.accessTokenTtlMs),
        lastActivityAt: now,
      })
      return { kind: 'rotated', tokens: next }
    }

    const used = await findRefreshToken(tx, tokenHash)
    if (!used?.rotatedAt) return { kind: 'unknown' }
    const found = await findSessionById(tx, used.sessionId)
    if (!found) return { kind: 'unknown' }
    const ended = sessionEndReason(found.session, found.user, now, auth)
    if (ended) {
      return {
        kind: 'ended',
        reason: ended,
        user: found.user,
        sessionId: found.session.id,
        audit: false,
      }
    }
    if (now.getTime() - used.rotatedAt.getTime() <= auth.refreshGraceMs) {
      // Another tab refreshed first. Hand out the same pair while it is still the current one;
      // if it has moved on again, the browser already holds newer cookies: change nothing.
      const successor = await findRefreshToken(tx, hashToken(next.refresh))
      return successor && !successor.rotatedAt
        ? { kind: 'repeat', tokens: next }
        : { kind: 'already-rotated' }
    }
    await revokeSession(tx, found.session.id, 'refresh_reuse', now)
    return {
      kind: 'ended',
      reason: 'refresh_reuse',
      user: found.user,
      sessionId: found.session.id,
      audit: true,
    }
  })

  switch (outcome.kind) {
    case 'rotated':
    case 'repeat':
      setSessionCookies(reply, ctx.config, outcome.tokens)
      return
    case 'already-rotated':
      return
    case 'unknown':
      clearSessionCookies(reply, ctx.config)
      throw notSignedIn()
    case 'ended':
      if (outcome.audit)
        await auditSessionEnd(ctx, req, outcome.user, outcome.sessionId, outcome.reason)
      clearSessionCookies(reply, ctx.config)
      throw sessionExpired()
  }
}

/**
 * Ends the session the request carries (by its access or refresh cookie), if any. Returns the
 * session's user id for the audit trail.
 */
export async function endRequestSession(
  ctx: AuthContext,
  req: FastifyRequest,
  reason: string,
): Promise<{ userId: string; businessId: string; sessionId: string } | null> {
  const now = ctx.now()
  const access = req.cookies[ACCESS_COOKIE]
  let found = access ? await findSessionByAccessHash(ctx.db, hashToken(access)) : undefined
  if (!found) {
    const refresh = req.cookies[REFRESH_COOKIE]
    const token = refresh ? await findRefreshToken(ctx.db, hashToken(refresh)) : undefined
    found = token ? await findSessionById(ctx.db, token.sessionId) : undefined
  }
  if (!found || found.session.revokedAt) return null
  await revokeSession(ctx.db, found.session.id, reason, now)
  return { userId: found.user.id, businessId: found.user.businessId, sessionId: found.session.id }
}

/**
 * Ends every session of a user at once: password change or reset, deactivation. Later modules
 * (team deactivation) call this through `endUserAccess` in service.ts.
 */
export async function endUserSessions(ctx: AuthContext, userId: string, reason: string) {
  return revokeUserSessions(ctx.db, userId, reason, ctx.now())
}
