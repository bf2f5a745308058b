/**
 * Password reset: request, email sent, token form, success.
 * - forgot-password always answers the same message, sends at most 3 links an hour per email and
 *   10 an hour per IP (silently: the answer never changes), and mails a single-use link valid
 *   for 1 hour; only the token's hash is stored.
 * - reset-password checks the token, the policy and the history of 5, then sets the password,
 *   rotates the drafts key, revokes every session of the user, lifts a sign-in lock strangers put
 *   on the account (docs/decisions/016-device-cookies.md) and signs this browser in.
 */
import { FORGOT_PASSWORD_SENT, INVALID_RESET_TOKEN } from '@myodocs/shared/constants/messages'
import { DEFAULT_PASSWORD_POLICY } from '@myodocs/shared/domain/password-policy'
import { hitRateLimit } from '../../db/rate-limits'
import { passwordResetEmail } from '../../email/templates/password-reset'
import { AppError } from '../../lib/errors'
import { hashToken, randomToken } from '../../lib/crypto'
import { hashPassword } from '../../lib/password-hashing'
import { withDb } from '../../lib/service-context'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { userByEmail, userById } from '../profile'
import { endUserSessions, liftLoginLock } from '../sessions'
import type { PresentedTokens } from '../sessions'
import { completeSignIn } from '../two-step'
import type { SignInOutcome } from '../two-step'
import {
  addPasswordToHistory,
  claimResetToken,
  findResetToken,
  insertResetToken,
  setPasswordHash,
} from './repository'
import { assertNewPassword } from './service'

const invalidToken = () => new AppError('INVALID_RESET_TOKEN', INVALID_RESET_TOKEN, 400)

/**
 * A new single-use reset link for a user (valid 1 hour; only the token's hash is stored): the
 * forgot-password email, and the one the account holder sends a team member.
 */
export async function issueResetLink(ctx: ServiceContext, userId: string): Promise<string> {
  const now = ctx.now()
  const token = randomToken()
  await insertResetToken(ctx.db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ctx.config.auth.resetTokenTtlMs),
    createdAt: now,
  })
  return `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
}

/** POST /auth/forgot-password: always FORGOT_PASSWORD_SENT, whatever happened. */
export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<string> {
  const limits = ctx.config.rateLimits
  const [perEmail, perIp] = await Promise.all([
    hitRateLimit(ctx.db, `forgot:email:${hashToken(email)}`, limits.forgotPasswordEmail.windowMs),
    hitRateLimit(ctx.db, `forgot:ip:${ctx.origin.ip ?? ''}`, limits.forgotPasswordIp.windowMs),
  ])
  const user = await userByEmail(ctx, email)
  const throttled =
    perEmail.count > limits.forgotPasswordEmail.max || perIp.count > limits.forgotPasswordIp.max
  if (!user || !user.isActive || throttled) {
    await recordAudit(ctx, {
      action: 'auth.password_reset_requested',
      outcome: throttled ? 'denied' : 'failure',
      actorId: user?.id ?? null,
      businessId: user?.businessId ?? null,
      details: { reason: throttled ? 'rate_limited' : user ? 'deactivated' : 'unknown_email' },
    })
    return FORGOT_PASSWORD_SENT
  }

  await recordAudit(ctx, {
    action: 'auth.password_reset_requested',
    actorId: user.id,
    businessId: user.businessId,
  })
  const url = await issueResetLink(ctx, user.id)
  // Sent without waiting: the answer must not take longer for an existing account.
  ctx.mailer
    .send({ ...passwordResetEmail(user.firstName, url), to: { address: user.email } })
    .catch((err: unknown) =>
      ctx.log.error({ err: { message: (err as Error).message } }, 'password reset email failed'),
    )
  return FORGOT_PASSWORD_SENT
}

/**
 * POST /auth/reset-password/check: the same refusal as the reset itself, before the user types a
 * password (a used or expired link says so when the page opens). Uses nothing up.
 */
export async function assertResetTokenUsable(ctx: ServiceContext, token: string): Promise<void> {
  await usableResetToken(ctx, token, ctx.now())
}

/** The link's row and its active user, or INVALID_RESET_TOKEN (unknown, used, expired). */
async function usableResetToken(ctx: ServiceContext, token: string, now: Date) {
  const row = await findResetToken(ctx.db, hashToken(token))
  if (!row || row.usedAt || now.getTime() >= row.expiresAt.getTime()) throw invalidToken()
  const user = await userById(ctx, row.userId)
  if (!user || !user.isActive) throw invalidToken()
  return { row, user }
}

/**
 * POST /auth/reset-password: sets the password, ends every other session, lifts a sign-in lock
 * strangers put on the account, and signs this browser in (a new session and the device cookie).
 */
export async function resetPassword(
  ctx: ServiceContext,
  body: { token: string; newPassword: string },
  presented: PresentedTokens,
): Promise<SignInOutcome> {
  const now = ctx.now()
  const { row, user } = await usableResetToken(ctx, body.token, now)

  await assertNewPassword(ctx, user, body.newPassword)

  const passwordHash = await hashPassword(body.newPassword)
  const revoked = await ctx.db.transaction(async (tx) => {
    // Single use even when two resets with one link race: only one claims it.
    if (!(await claimResetToken(tx, row.id, now))) throw invalidToken()
    await setPasswordHash(tx, user.id, passwordHash, now)
    await addPasswordToHistory(tx, user.id, passwordHash, DEFAULT_PASSWORD_POLICY.historyCount, now)
    return endUserSessions(withDb(ctx, tx), user.id, 'password_reset')
  })
  await recordAudit(ctx, {
    action: 'auth.password_reset',
    actorId: user.id,
    businessId: user.businessId,
    details: { sessionsRevoked: revoked },
  })
  // The guesses were at a password that no longer exists.
  await liftLoginLock(ctx, user.email)
  // An account with a second step still takes it: the link proves the mailbox, not the person.
  return completeSignIn(ctx, user, presented, 'reset')
}
