/**
 * Sessions (docs/decisions/003-sessions.md): sign-in, sign-out, the guard's lookup, the drafts
 * key, and ending a user's sessions; the refresh is refresh.ts, when a session is over is
 * session-end.ts.
 *
 * Two opaque random tokens, stored only as SHA-256 hashes; the routes put them in cookies
 * (plugins/session-cookies.ts):
 * - the access token, valid 15 minutes; a lapsed one answers 401 TOKEN_EXPIRED and the browser
 *   refreshes;
 * - the refresh token, exchanged at POST /auth/refresh for a new pair (refresh.ts).
 *
 * A session ends on sign-out, 4 h without activity, 12 h after sign-in, a password reset,
 * deactivation of the user, or refresh-token reuse; its next request answers 401 SESSION_EXPIRED
 * (ACCOUNT_DEACTIVATED when the user was deactivated).
 */
import {
  ACCESS_TOKEN_EXPIRED,
  ACCOUNT_DEACTIVATED,
  LOGIN_FAILED_CREDENTIALS,
} from '@myodocs/shared/constants/messages'
import type { DraftKey, LoginRequest, User } from '@myodocs/shared/contracts/auth'
import { AppError } from '../../lib/errors'
import { deriveKey, hashToken, randomToken } from '../../lib/crypto'
import { verifyDummyPassword, verifyPassword } from '../../lib/password-hashing'
import type { Actor, ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { userByEmail, userFromRow } from '../profile'
import { issueDeviceCookie, knownDevice } from './device-cookie'
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from './login-throttle'
import { sendSignInPausedEmail } from './unlock'
import {
  bumpDraftKeyVersion,
  clearTwoStepEnrolmentRequired,
  draftKeyVersionOf,
  findRefreshToken,
  findSessionByAccessHash,
  findSessionById,
  insertSession,
  lookupSession,
  lookupSessionWithUser,
  pruneEndedSessions,
  recordSessionActivity,
  revokeSession,
  revokeUserSessions,
} from './repository'
import type { GuardSession, SessionUser } from './repository'
import {
  auditSessionEnd,
  notSignedIn,
  sessionEnded,
  sessionEndReason,
  sessionExpired,
} from './session-end'

/** Ended sessions are kept this long (support questions), then pruned at the user's next login. */
const ENDED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

/** The pair of tokens a session is used with; the routes keep them in cookies. */
export type SessionTokens = { access: string; refresh: string }

/**
 * What signing in hands the browser, whichever way it happens (password, registration, accepted
 * invitation): the session's tokens and a device cookie (docs/decisions/016-device-cookies.md).
 */
export type SignInCookies = { tokens: SessionTokens; deviceCookie: string }

/** What the browser brought: either token may be missing. */
export type PresentedTokens = Partial<SessionTokens>

const toActor = (
  user: Pick<SessionUser, 'id' | 'businessId' | 'isPrimaryUser'>,
  sessionId: string,
  twoStepEnrolmentRequired = false,
): Actor => ({
  id: user.id,
  businessId: user.businessId,
  isPrimaryUser: user.isPrimaryUser,
  sessionId,
  ...(twoStepEnrolmentRequired ? { twoStepEnrolmentRequired: true } : {}),
})

/**
 * Signs a user in: a new session with fresh tokens (never reusing one the browser brought, so a
 * planted cookie cannot fixate the session); the session the browser brought, if any, ends. The
 * browser also becomes a known device for the account. Every sign-in goes through the two-step
 * module's `completeSignIn`, which decides whether a second step comes first and whether the
 * session may only enrol one (`twoStepEnrolmentRequired`).
 */
export async function startSession(
  ctx: ServiceContext,
  user: Pick<SessionUser, 'id' | 'businessId' | 'isPrimaryUser'>,
  presented: PresentedTokens,
  options: { twoStepEnrolmentRequired?: boolean } = {},
): Promise<{ actor: Actor } & SignInCookies> {
  await endPresentedSession(ctx, presented, 'replaced')
  const now = ctx.now()
  const tokens: SessionTokens = { access: randomToken(), refresh: randomToken() }
  const session = await insertSession(
    ctx.db,
    {
      userId: user.id,
      accessTokenHash: hashToken(tokens.access),
      accessExpiresAt: new Date(now.getTime() + ctx.config.auth.accessTokenTtlMs),
      lastActivityAt: now,
      expiresAt: new Date(now.getTime() + ctx.config.auth.absoluteLifetimeMs),
      ip: ctx.origin.ip,
      userAgent: ctx.origin.userAgent,
      twoStepEnrolmentRequired: options.twoStepEnrolmentRequired ?? false,
      createdAt: now,
    },
    hashToken(tokens.refresh),
  )
  await pruneEndedSessions(ctx.db, user.id, new Date(now.getTime() - ENDED_SESSION_RETENTION_MS))
  return {
    actor: toActor(user, session.id, options.twoStepEnrolmentRequired),
    tokens,
    deviceCookie: issueDeviceCookie(ctx, user.id),
  }
}

/** Strangers just closed the account to new browsers: its owner gets the unlock link (unlock.ts). */
async function noticeSignInPaused(
  ctx: ServiceContext,
  user: Pick<SessionUser, 'id' | 'businessId'> & { email: string; firstName: string },
  until: Date,
) {
  await recordAudit(ctx, {
    action: 'auth.sign_in_paused',
    outcome: 'denied',
    actorId: user.id,
    businessId: user.businessId,
  })
  sendSignInPausedEmail(ctx, user, until)
}

/**
 * The password step of POST /auth/login. Every failure reads the same (401, one text, one code)
 * whether the email exists or not, and takes as long (a dummy argon2 verification for unknown
 * emails). The browser's device cookie, when it was issued for this account, lifts the limits
 * strangers can fill (login-throttle.ts). The failure that closes the account to strangers emails
 * its owner an unlock link (unlock.ts). Answers the user whose password it was; the two-step
 * module signs them in or asks for the second step (a known browser does not skip it).
 */
export async function checkPassword(
  ctx: ServiceContext,
  credentials: LoginRequest,
  presented: { device?: string },
): Promise<Pick<SessionUser, 'id' | 'businessId' | 'isPrimaryUser'>> {
  const user = await userByEmail(ctx, credentials.email)
  const device = knownDevice(ctx, presented.device, user?.id)
  try {
    await assertLoginAllowed(ctx, credentials.email, device)
  } catch (err) {
    // Named like a failed sign-in: the account's practice sees who is being guessed at.
    await recordAudit(ctx, {
      action: 'auth.login_blocked',
      outcome: 'denied',
      actorId: user?.id ?? null,
      businessId: user?.businessId ?? null,
      details: { reason: 'rate_limited' },
    })
    throw err
  }

  const ok = user
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyDummyPassword(credentials.password)
  if (!user || !ok) {
    const failure = await recordLoginFailure(ctx, credentials.email, device)
    await recordAudit(ctx, {
      action: 'auth.login',
      outcome: 'failure',
      actorId: user?.id ?? null,
      businessId: user?.businessId ?? null,
      details: { reason: user ? 'wrong_password' : 'unknown_email', blocked: failure.blocked },
    })
    if (user?.isActive && failure.accountLockedUntil)
      await noticeSignInPaused(ctx, user, failure.accountLockedUntil)
    throw new AppError('INVALID_CREDENTIALS', LOGIN_FAILED_CREDENTIALS, 401)
  }
  if (!user.isActive) {
    // Only someone holding the password learns the account is deactivated.
    await recordAudit(ctx, {
      action: 'auth.login',
      outcome: 'denied',
      actorId: user.id,
      businessId: user.businessId,
      details: { reason: 'deactivated' },
    })
    throw new AppError('ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED, 401)
  }

  await recordLoginSuccess(ctx, credentials.email, device)
  return user
}

/**
 * POST /auth/logout: ends the browser's session (idempotent); the route clears its cookies.
 * `idle` marks the browser's automatic logoff in the audit trail.
 */
export async function logout(
  ctx: ServiceContext,
  presented: PresentedTokens,
  reason: 'user' | 'idle',
): Promise<void> {
  const ended = await endPresentedSession(
    ctx,
    presented,
    reason === 'idle' ? 'idle_logout' : 'logout',
  )
  if (ended) {
    await recordAudit(ctx, {
      action: reason === 'idle' ? 'auth.idle_logout' : 'auth.logout',
      actorId: ended.userId,
      businessId: ended.businessId,
      details: { sessionId: ended.sessionId },
    })
  }
}

/**
 * The keep-alive's write interval. The browser sends it at most once a minute, so each real
 * keep-alive still records its activity and the server's idle clock never runs ahead of the
 * browser's; calls seconds apart (several tabs, a reload) read without writing the same row again.
 */
const KEEP_ALIVE_WRITE_INTERVAL_MS = 5_000

/**
 * The guard's lookup: resolves an access token to its caller, or throws 401: UNAUTHORIZED
 * without a valid token, TOKEN_EXPIRED when it lapsed (refresh), SESSION_EXPIRED when the session
 * has ended. Records activity for the idle timeout at most once per `activityWriteIntervalMs`.
 * Every call reads the session and its user — on PGlite from its read cache while no other
 * statement has ended since (db/read-cache.ts) — so an ended session or a deactivated user is
 * refused on the next call on every instance.
 */
export async function authenticate(
  ctx: ServiceContext,
  accessToken: string | undefined,
): Promise<Actor> {
  if (!accessToken) throw notSignedIn()
  return admit(ctx, await lookupSession(ctx.db, hashToken(accessToken)), false)
}

/**
 * GET /auth/me: the guard and the signed-in user in one statement (the session looked up with the
 * User answer's columns). Also the browser's keep-alive while the user works: it records activity
 * unless that was written seconds ago (`KEEP_ALIVE_WRITE_INTERVAL_MS`).
 */
export async function me(
  ctx: ServiceContext,
  accessToken: string | undefined,
): Promise<{ actor: Actor; user: User }> {
  if (!accessToken) throw notSignedIn()
  const found = await lookupSessionWithUser(ctx.db, hashToken(accessToken))
  const actor = await admit(ctx, found, true)
  return { actor, user: await userFromRow(ctx, found!) }
}

/**
 * Judges a looked-up session on its previous activity, ends it (revoked and audited) when it has
 * ended, and records activity when due: at most once per `activityWriteIntervalMs`, or per
 * `KEEP_ALIVE_WRITE_INTERVAL_MS` for the keep-alive.
 */
async function admit(
  ctx: ServiceContext,
  found: { session: GuardSession; user: SessionUser } | undefined,
  keepAlive: boolean,
): Promise<Actor> {
  if (!found) throw notSignedIn()
  const now = ctx.now()
  const { auth } = ctx.config
  const { session, user } = found
  const ended = sessionEndReason(session, user, now, auth)
  if (ended) {
    if (ended !== 'revoked') {
      await revokeSession(ctx.db, session.id, ended, now)
      await auditSessionEnd(ctx, user, session.id, ended)
    }
    throw sessionEnded(user)
  }
  if (now.getTime() >= session.accessExpiresAt.getTime()) {
    throw new AppError('TOKEN_EXPIRED', ACCESS_TOKEN_EXPIRED, 401)
  }
  const writeInterval = keepAlive ? KEEP_ALIVE_WRITE_INTERVAL_MS : auth.activityWriteIntervalMs
  if (now.getTime() - session.lastActivityAt.getTime() >= writeInterval) {
    await recordSessionActivity(ctx.db, session.id, now)
  }
  return toActor(user, session.id, session.twoStepEnrolmentRequired)
}

/**
 * Ends the session the browser brought (by its access or refresh token), if any. Returns the
 * session's user for the audit trail.
 */
async function endPresentedSession(
  ctx: ServiceContext,
  presented: PresentedTokens,
  reason: string,
): Promise<{ userId: string; businessId: string; sessionId: string } | null> {
  const now = ctx.now()
  let found = presented.access
    ? await findSessionByAccessHash(ctx.db, hashToken(presented.access))
    : undefined
  if (!found) {
    const token = presented.refresh
      ? await findRefreshToken(ctx.db, hashToken(presented.refresh))
      : undefined
    found = token ? await findSessionById(ctx.db, token.sessionId) : undefined
  }
  if (!found || found.session.revokedAt) return null
  await revokeSession(ctx.db, found.session.id, reason, now)
  return { userId: found.user.id, businessId: found.user.businessId, sessionId: found.session.id }
}

/**
 * GET /auth/draft-key: the key the browser encrypts drafts with (AES-GCM 256). Derived from
 * APP_SECRET, the user and their key version, so it is never stored; a new version (password
 * reset, deactivation) makes older drafts unreadable.
 */
export async function draftKey(ctx: SignedInContext): Promise<DraftKey> {
  const version = await draftKeyVersionOf(ctx.db, ctx.actor.id)
  if (version === undefined) throw sessionExpired()
  const key = deriveKey(ctx.config.appSecret, 'draft-key', `${ctx.actor.id}:${version}`)
  return { key: key.toString('base64url'), version, algorithm: 'AES-GCM' }
}

/**
 * Ends every session of a user at once (password reset, deactivation), or every one but
 * `keepSessionId` (a password change keeps the browser that made it). Returns how many ended.
 */
export async function endUserSessions(
  ctx: ServiceContext,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  return revokeUserSessions(ctx.db, userId, reason, ctx.now(), keepSessionId)
}

/**
 * Ends a user's access at once: every session revoked and the drafts key rotated. For
 * deactivation of a team member and anything else that must sign a user out everywhere.
 */
export async function endUserAccess(ctx: ServiceContext, userId: string, reason: string) {
  const revoked = await endUserSessions(ctx, userId, reason)
  await bumpDraftKeyVersion(ctx.db, userId)
  return revoked
}

/** The user enrolled a second step: sessions that could only enrol may do everything again. */
export async function releaseTwoStepEnrolment(ctx: ServiceContext, userId: string) {
  await clearTwoStepEnrolmentRequired(ctx.db, userId)
}
