/**
 * Sign-in, sign-out, the current user, the drafts key, and ending a user's access. Registration
 * and password reset have their own files.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  ACCOUNT_DEACTIVATED,
  LOGIN_FAILED_CREDENTIALS,
  USER_DATA_NOT_AVAILABLE,
} from '@myodocs/shared/constants/messages'
import type {
  DraftKey,
  LoginRequest,
  PasswordValidationResult,
  User,
} from '@myodocs/shared/contracts/auth'
import { DEFAULT_PASSWORD_POLICY } from '@myodocs/shared/domain/password-policy'
import { AppError } from '../../lib/errors'
import { deriveKey } from '../../lib/crypto'
import { recordAudit, requestOrigin } from '../audit/service'
import { pdfLimitOf } from '../subscription/guard'
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from './login-throttle'
import { verifyDummyPassword, verifyPassword } from './passwords'
import { validatePassword } from './password-strength'
import {
  bumpDraftKeyVersion,
  findUserByEmail,
  findUserWithSubscription,
  recentPasswordHashes,
} from './repository'
import {
  authenticateRequest,
  clearSessionCookies,
  endRequestSession,
  endUserSessions,
  startSession,
} from './sessions'
import type { AuthContext, AuthUser } from './sessions'
import { toUserDto } from './user-dto'

const loginLimits = (ctx: AuthContext) => ({
  accountIp: ctx.config.rateLimits.loginAccountIp,
  account: ctx.config.rateLimits.loginAccount,
  ip: ctx.config.rateLimits.loginIp,
})

/** The SPEC §3 User of a signed-in user. */
export async function currentUser(ctx: AuthContext, userId: string): Promise<User> {
  const found = await findUserWithSubscription(ctx.db, userId)
  if (!found) throw new AppError('NOT_FOUND', USER_DATA_NOT_AVAILABLE, 404)
  const limit = found.subscription ? await pdfLimitOf(ctx.db, found.subscription) : undefined
  return toUserDto(found.user, found.businessName, found.subscription, ctx.now(), limit)
}

/**
 * POST /auth/login. Every failure reads the same (401, one text, one code) whether the email
 * exists or not, and takes as long (a dummy argon2 verification for unknown emails).
 */
export async function login(
  ctx: AuthContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: LoginRequest,
): Promise<User> {
  const origin = requestOrigin(req)
  const limits = loginLimits(ctx)
  try {
    await assertLoginAllowed(ctx.db, limits, body.email, req.ip)
  } catch (err) {
    await recordAudit(
      ctx.db,
      { action: 'auth.login_blocked', outcome: 'denied', details: { reason: 'rate_limited' } },
      origin,
    )
    throw err
  }

  const user = await findUserByEmail(ctx.db, body.email)
  const ok = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyDummyPassword(body.password)
  if (!user || !ok) {
    const nowBlocked = await recordLoginFailure(ctx.db, limits, body.email, req.ip)
    await recordAudit(
      ctx.db,
      {
        action: 'auth.login',
        outcome: 'failure',
        actorId: user?.id ?? null,
        businessId: user?.businessId ?? null,
        details: { reason: user ? 'wrong_password' : 'unknown_email', blocked: nowBlocked },
      },
      origin,
    )
    throw new AppError('INVALID_CREDENTIALS', LOGIN_FAILED_CREDENTIALS, 401)
  }
  if (!user.isActive) {
    // Only someone holding the password learns the account is deactivated.
    await recordAudit(
      ctx.db,
      {
        action: 'auth.login',
        outcome: 'denied',
        actorId: user.id,
        businessId: user.businessId,
        details: { reason: 'deactivated' },
      },
      origin,
    )
    throw new AppError('ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED, 401)
  }

  await recordLoginSuccess(ctx.db, body.email, req.ip)
  const authUser = await startSession(ctx, req, reply, user)
  await recordAudit(
    ctx.db,
    {
      action: 'auth.login',
      actorId: user.id,
      businessId: user.businessId,
      details: { sessionId: authUser.sessionId },
    },
    origin,
  )
  return currentUser(ctx, user.id)
}

/**
 * POST /auth/logout: ends this browser's session (idempotent) and clears its cookies.
 * `idle` marks the browser's automatic logoff in the audit trail.
 */
export async function logout(
  ctx: AuthContext,
  req: FastifyRequest,
  reply: FastifyReply,
  reason: 'user' | 'idle',
) {
  const ended = await endRequestSession(ctx, req, reason === 'idle' ? 'idle_logout' : 'logout')
  clearSessionCookies(reply, ctx.config)
  if (ended) {
    await recordAudit(
      ctx.db,
      {
        action: reason === 'idle' ? 'auth.idle_logout' : 'auth.logout',
        actorId: ended.userId,
        businessId: ended.businessId,
        details: { sessionId: ended.sessionId },
      },
      requestOrigin(req),
    )
  }
}

/**
 * POST /auth/validate-password. Anyone may ask (registration); for a signed-in user the last 5
 * passwords count too.
 */
export async function checkPassword(
  ctx: AuthContext,
  req: FastifyRequest,
  password: string,
): Promise<PasswordValidationResult> {
  const signedIn = await authenticateRequest(ctx, req).catch(() => null)
  const history = signedIn
    ? await recentPasswordHashes(ctx.db, signedIn.id, DEFAULT_PASSWORD_POLICY.historyCount)
    : []
  return validatePassword(password, {
    breachCheckUrl: ctx.config.breachCheckUrl,
    breachCheckTimeoutMs: ctx.config.auth.breachCheckTimeoutMs,
    log: req.log,
    history,
    userInputs: signedIn ? [signedIn.email, signedIn.firstName, signedIn.lastName] : [],
  })
}

/**
 * GET /auth/draft-key: the key the browser encrypts drafts with (AES-GCM 256). Derived from
 * APP_SECRET, the user and their key version, so it is never stored; a new version (password
 * reset, deactivation) makes older drafts unreadable.
 */
export function draftKey(ctx: AuthContext, user: AuthUser): DraftKey {
  const key = deriveKey(ctx.config.appSecret, 'draft-key', `${user.id}:${user.draftKeyVersion}`)
  return { key: key.toString('base64url'), version: user.draftKeyVersion, algorithm: 'AES-GCM' }
}

/**
 * Ends a user's access at once: every session revoked and the drafts key rotated. For
 * deactivation (the team issue) and anything else that must sign a user out everywhere.
 */
export async function endUserAccess(ctx: AuthContext, userId: string, reason: string) {
  const revoked = await endUserSessions(ctx, userId, reason)
  await bumpDraftKeyVersion(ctx.db, userId)
  return revoked
}
