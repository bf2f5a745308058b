/**
 * The signed-in user's own account (settings, profile tab): their details (PUT /auth/profile) and
 * their password (POST /auth/change-password: the current one, then the policy and the last 5).
 * A changed password ends the user's other sessions; this browser stays signed in and the drafts
 * key is kept (unlike a reset, where the person did not prove the old password).
 */
import type { FastifyRequest } from 'fastify'
import {
  PASSWORD_IN_HISTORY,
  PASSWORD_REQUIREMENTS_NOT_MET,
  TOO_MANY_REQUESTS,
} from '@myodocs/shared/constants/messages'
import { CURRENT_PASSWORD_INCORRECT } from '@myodocs/shared/contracts/auth'
import type { ChangePasswordRequest, User } from '@myodocs/shared/contracts/auth'
import { DEFAULT_PASSWORD_POLICY } from '@myodocs/shared/domain/password-policy'
import { AppError } from '../../lib/errors'
import { hitRateLimit } from '../../lib/rate-limit-store'
import { recordAudit, requestOrigin } from '../audit/service'
import { hashPassword, verifyPassword } from './passwords'
import { validatePassword } from './password-strength'
import {
  addPasswordToHistory,
  findUserById,
  recentPasswordHashes,
  revokeOtherSessions,
  setChosenPasswordHash,
  updateUserProfile,
} from './repository'
import { currentUser } from './service'
import type { AuthContext, AuthUser } from './sessions'

/** Wrong current passwords allowed per user in the window (a guessing oracle otherwise). */
const CHANGE_PASSWORD_ATTEMPTS = { max: 5, windowMs: 15 * 60_000 }

export async function updateProfile(
  ctx: AuthContext,
  req: FastifyRequest,
  user: AuthUser,
  body: { firstName: string; lastName: string; therapistTitle: string; therapistPhone: string },
): Promise<User> {
  await updateUserProfile(ctx.db, user.id, body)
  await recordAudit(
    ctx.db,
    { action: 'auth.profile_update', actorId: user.id, businessId: user.businessId },
    requestOrigin(req),
  )
  return currentUser(ctx, user.id)
}

export async function changePassword(
  ctx: AuthContext,
  req: FastifyRequest,
  user: AuthUser,
  body: ChangePasswordRequest,
): Promise<void> {
  const origin = requestOrigin(req)
  const row = await findUserById(ctx.db, user.id)
  if (!row) throw new AppError('UNAUTHORIZED', CURRENT_PASSWORD_INCORRECT, 401)
  if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
    const hit = await hitRateLimit(
      ctx.db,
      `change-password:${user.id}`,
      CHANGE_PASSWORD_ATTEMPTS.windowMs,
    )
    await recordAudit(
      ctx.db,
      {
        action: 'auth.password_change',
        outcome: 'failure',
        actorId: user.id,
        businessId: user.businessId,
        details: { reason: 'wrong_current_password' },
      },
      origin,
    )
    if (hit.count > CHANGE_PASSWORD_ATTEMPTS.max) {
      const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000))
      throw new AppError('RATE_LIMITED', TOO_MANY_REQUESTS, 429, undefined, {
        headers: { 'retry-after': String(seconds) },
      })
    }
    throw new AppError('VALIDATION_ERROR', CURRENT_PASSWORD_INCORRECT, 400, {
      currentPassword: CURRENT_PASSWORD_INCORRECT,
    })
  }

  const history = await recentPasswordHashes(ctx.db, user.id, DEFAULT_PASSWORD_POLICY.historyCount)
  const validation = await validatePassword(body.newPassword, {
    breachCheckUrl: ctx.config.breachCheckUrl,
    breachCheckTimeoutMs: ctx.config.auth.breachCheckTimeoutMs,
    log: req.log,
    history,
    userInputs: [row.email, row.firstName, row.lastName],
  })
  if (!validation.isValid) {
    const message = validation.requirements.notInHistory
      ? PASSWORD_REQUIREMENTS_NOT_MET
      : PASSWORD_IN_HISTORY
    throw new AppError('VALIDATION_ERROR', message, 400, { newPassword: message })
  }

  const now = ctx.now()
  const passwordHash = await hashPassword(body.newPassword)
  const revoked = await ctx.db.transaction(async (tx) => {
    await setChosenPasswordHash(tx, user.id, passwordHash, now)
    await addPasswordToHistory(tx, user.id, passwordHash, DEFAULT_PASSWORD_POLICY.historyCount, now)
    return revokeOtherSessions(tx, user.id, user.sessionId, 'password_change', now)
  })
  await recordAudit(
    ctx.db,
    {
      action: 'auth.password_change',
      actorId: user.id,
      businessId: user.businessId,
      details: { otherSessionsRevoked: revoked },
    },
    origin,
  )
}
