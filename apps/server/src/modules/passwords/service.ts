/**
 * Passwords: the policy, the strength check the forms call as the user types, a generated
 * password, the signed-in user's change of password, and the checks registration runs.
 * A changed password ends the user's other sessions; this browser stays signed in and the drafts
 * key is kept (unlike a reset, where the person did not prove the old password).
 */
import {
  PASSWORD_IN_HISTORY,
  PASSWORD_REQUIREMENTS_NOT_MET,
  TOO_MANY_REQUESTS,
} from '@myodocs/shared/constants/messages'
import { CURRENT_PASSWORD_INCORRECT } from '@myodocs/shared/contracts/auth'
import type {
  ChangePasswordRequest,
  PasswordValidationResult,
} from '@myodocs/shared/contracts/auth'
import {
  DEFAULT_PASSWORD_POLICY,
  generateSecurePassword,
  loadCommonPasswords,
} from '@myodocs/shared/domain/password-policy'
import type { PasswordPolicy } from '@myodocs/shared/domain/password-policy'
import { hitRateLimit } from '../../db/rate-limits'
import { AppError, tooManyRequests } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/password-hashing'
import { withDb } from '../../lib/service-context'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { userById } from '../profile'
import type { UserRow } from '../profile'
import { endUserSessions } from '../sessions'
import { addPasswordToHistory, recentPasswordHashes, setChosenPasswordHash } from './repository'
import { passwordPolicy as policyFor, validatePassword } from './strength'

/** Wrong current passwords allowed per user in the window (a guessing oracle otherwise). */
const CHANGE_PASSWORD_ATTEMPTS = { max: 5, windowMs: 15 * 60_000 }

/** GET /auth/password-policy. */
export const passwordPolicy = (ctx: ServiceContext): PasswordPolicy =>
  policyFor(ctx.config.breachCheckUrl)

/**
 * POST /auth/validate-password. Anyone may ask (registration); for a signed-in caller the last 5
 * passwords count too, and their names and email make a password weak.
 */
export async function checkPassword(
  ctx: ServiceContext,
  password: string,
): Promise<PasswordValidationResult> {
  const user = ctx.actor ? await userById(ctx, ctx.actor.id) : undefined
  return user ? checkUserPassword(ctx, user, password) : validatePassword(ctx, password)
}

type PasswordOwner = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>

/** A user's password check: their last 5 passwords and their own details count too. */
async function checkUserPassword(ctx: ServiceContext, user: PasswordOwner, password: string) {
  const history = await recentPasswordHashes(ctx.db, user.id, DEFAULT_PASSWORD_POLICY.historyCount)
  return validatePassword(ctx, password, {
    history,
    userInputs: [user.email, user.firstName, user.lastName],
  })
}

/** Throws 400 on `newPassword` unless a user's new password passes (reset and change). */
export async function assertNewPassword(
  ctx: ServiceContext,
  user: PasswordOwner,
  password: string,
): Promise<void> {
  const validation = await checkUserPassword(ctx, user, password)
  if (!validation.isValid) {
    const message = validation.requirements.notInHistory
      ? PASSWORD_REQUIREMENTS_NOT_MET
      : PASSWORD_IN_HISTORY
    throw new AppError('VALIDATION_ERROR', message, 400, { newPassword: message })
  }
}

/** POST /auth/generate-secure-password: crypto-random, passes the policy. */
export async function generatePassword(length: number | undefined): Promise<string> {
  return generateSecurePassword(length, await loadCommonPasswords())
}

/** A new account's password: the policy, with the person's own details counting as weak. */
export async function checkNewAccountPassword(
  ctx: ServiceContext,
  password: string,
  userInputs: string[],
): Promise<PasswordValidationResult> {
  return validatePassword(ctx, password, { userInputs })
}

/** Starts a new user's password history with the hash they registered with. */
export async function startPasswordHistory(
  ctx: ServiceContext,
  userId: string,
  passwordHash: string,
) {
  await addPasswordToHistory(
    ctx.db,
    userId,
    passwordHash,
    DEFAULT_PASSWORD_POLICY.historyCount,
    ctx.now(),
  )
}

/** POST /auth/change-password: the current password, then the policy and the last 5. */
export async function changePassword(
  ctx: SignedInContext,
  body: ChangePasswordRequest,
): Promise<void> {
  const { actor } = ctx
  const row = await userById(ctx, actor.id)
  if (!row) throw new AppError('UNAUTHORIZED', CURRENT_PASSWORD_INCORRECT, 401)
  if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
    const hit = await hitRateLimit(
      ctx.db,
      `change-password:${actor.id}`,
      CHANGE_PASSWORD_ATTEMPTS.windowMs,
    )
    await recordAudit(ctx, {
      action: 'auth.password_change',
      outcome: 'failure',
      actorId: actor.id,
      businessId: actor.businessId,
      details: { reason: 'wrong_current_password' },
    })
    if (hit.count > CHANGE_PASSWORD_ATTEMPTS.max)
      throw tooManyRequests(TOO_MANY_REQUESTS, hit.resetAt)
    throw new AppError('VALIDATION_ERROR', CURRENT_PASSWORD_INCORRECT, 400, {
      currentPassword: CURRENT_PASSWORD_INCORRECT,
    })
  }

  await assertNewPassword(ctx, row, body.newPassword)

  const now = ctx.now()
  const passwordHash = await hashPassword(body.newPassword)
  const revoked = await ctx.db.transaction(async (tx) => {
    await setChosenPasswordHash(tx, actor.id, passwordHash, now)
    await addPasswordToHistory(
      tx,
      actor.id,
      passwordHash,
      DEFAULT_PASSWORD_POLICY.historyCount,
      now,
    )
    return endUserSessions(withDb(ctx, tx), actor.id, 'password_change', actor.sessionId)
  })
  await recordAudit(ctx, {
    action: 'auth.password_change',
    actorId: actor.id,
    businessId: actor.businessId,
    details: { otherSessionsRevoked: revoked },
  })
}
