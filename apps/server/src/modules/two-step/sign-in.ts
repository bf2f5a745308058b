/**
 * Where every sign-in ends (docs/decisions/022-two-step-sign-in.md): after the password (sign-in,
 * a password reset, an accepted invitation) an account with a second step gets a sign-in in
 * progress, not a session; POST /auth/mfa/verify or a passkey completes it. A known browser
 * (device cookie) does not skip it. Wrong codes are limited per sign-in (5, then the password
 * again) and per account (config `rateLimits.secondStepUser`), as wrong passwords are.
 */
import { TOO_MANY_CODE_ATTEMPTS } from '@myodocs/shared/constants/two-step-messages'
import {
  INVALID_TWO_STEP_CODE,
  SECOND_STEP_EXPIRED,
} from '@myodocs/shared/constants/two-step-messages'
import type { User } from '@myodocs/shared/contracts/auth'
import {
  SECOND_STEP_TTL_MS,
  type MfaVerifyRequest,
  type SecondStepMethod,
} from '@myodocs/shared/contracts/two-step'
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../../db/rate-limits'
import { hashToken, openSecret, randomToken } from '../../lib/crypto'
import { AppError, tooManyRequests } from '../../lib/errors'
import type { Actor, ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { currentUser, userById } from '../profile'
import { startSession } from '../sessions'
import type { PresentedTokens, SessionUser, SignInCookies } from '../sessions'
import { matchingStep, recoveryCodeHash } from './codes'
import {
  businessRequiresTwoStep,
  claimRecoveryCode,
  claimTotpStep,
  countChallengeAttempt,
  deleteChallenge,
  enrolment,
  findChallenge,
  findTotp,
  insertChallenge,
  unusedRecoveryCodes,
} from './repository'
import type { ChallengeKind, ChallengeRow } from './repository'

/** Wrong codes one sign-in in progress takes before the password is asked again. */
export const ATTEMPTS_PER_SIGN_IN = 5

/** How a sign-in began: the audit trail names a password sign-in `auth.login`. */
export type SignInVia = 'password' | 'reset' | 'invitation' | 'passkey'

export type SignedIn = {
  kind: 'signed-in'
  actor: Actor
  user: User
  twoStepEnrolmentRequired: boolean
} & SignInCookies

export type SecondStepDue = {
  kind: 'second-step'
  methods: SecondStepMethod[]
  /** The browser keeps it in the sign-in cookie; only its hash is stored. */
  progressToken: string
}

export type SignInOutcome = SignedIn | SecondStepDue

type SignInUser = Pick<SessionUser, 'id' | 'businessId' | 'isPrimaryUser'>

export const secondStepExpired = () => new AppError('UNAUTHORIZED', SECOND_STEP_EXPIRED, 401)

/** The second steps an account has, in the order the sign-in page offers them. */
export async function secondStepMethods(
  ctx: ServiceContext,
  userId: string,
): Promise<SecondStepMethod[]> {
  const e = await enrolment(ctx.db, userId)
  if (!e.totp && e.passkeys === 0) return []
  const methods: SecondStepMethod[] = []
  if (e.passkeys > 0) methods.push('passkey')
  if (e.totp) methods.push('totp')
  if (e.recovery > 0) methods.push('recovery')
  return methods
}

/** A new sign-in in progress of `kind`; answers the token the browser's cookie carries. */
export async function openChallenge(
  ctx: ServiceContext,
  kind: ChallengeKind,
  userId: string | null,
  challenge: string | null = null,
): Promise<string> {
  const token = randomToken()
  const now = ctx.now()
  await insertChallenge(ctx.db, {
    tokenHash: hashToken(token),
    kind,
    userId,
    challenge,
    expiresAt: new Date(now.getTime() + SECOND_STEP_TTL_MS),
    createdAt: now,
  })
  return token
}

/** The sign-in in progress a cookie names, of `kind` and still valid, or null. */
export async function openedChallenge(
  ctx: ServiceContext,
  token: string | undefined,
  kind: ChallengeKind,
): Promise<ChallengeRow | null> {
  if (!token) return null
  return (await findChallenge(ctx.db, hashToken(token), kind, ctx.now())) ?? null
}

/** Starts the session: the last part of every sign-in. */
export async function startSignedIn(
  ctx: ServiceContext,
  user: SignInUser,
  presented: PresentedTokens,
  options: { twoStepEnrolmentRequired?: boolean } = {},
): Promise<SignedIn> {
  const twoStepEnrolmentRequired = options.twoStepEnrolmentRequired ?? false
  const started = await startSession(ctx, user, presented, { twoStepEnrolmentRequired })
  return {
    kind: 'signed-in',
    ...started,
    user: await currentUser(ctx, user.id),
    twoStepEnrolmentRequired,
  }
}

/**
 * After a first factor: a session when the account has no second step (flagged to enrol only when
 * the practice requires one), else a sign-in in progress naming the methods.
 */
export async function completeSignIn(
  ctx: ServiceContext,
  user: SignInUser,
  presented: PresentedTokens,
  via: SignInVia,
): Promise<SignInOutcome> {
  const methods = await secondStepMethods(ctx, user.id)
  if (methods.length > 0) {
    const progressToken = await openChallenge(ctx, 'second_step', user.id)
    if (via === 'password')
      await recordAudit(ctx, {
        action: 'auth.login',
        actorId: user.id,
        businessId: user.businessId,
        details: { secondStep: 'required' },
      })
    return { kind: 'second-step', methods, progressToken }
  }
  const required = await businessRequiresTwoStep(ctx.db, user.businessId)
  const signedIn = await startSignedIn(ctx, user, presented, { twoStepEnrolmentRequired: required })
  if (via === 'password')
    await recordAudit(ctx, {
      action: 'auth.login',
      actorId: user.id,
      businessId: user.businessId,
      details: { sessionId: signedIn.actor.sessionId },
    })
  return signedIn
}

const failureKey = (userId: string) => `second-step:fail:user:${userId}`

async function assertCodesAllowed(ctx: ServiceContext, userId: string) {
  const limit = ctx.config.rateLimits.secondStepUser
  const hits = await peekRateLimit(ctx.db, failureKey(userId))
  if (hits.count >= limit.max) throw tooManyRequests(TOO_MANY_CODE_ATTEMPTS, hits.resetAt)
}

/** A current authenticator code of the user's confirmed app, used once. */
export async function useTotpCode(ctx: ServiceContext, userId: string, code: string) {
  const row = await findTotp(ctx.db, userId)
  if (!row?.confirmedAt) return false
  const secret = openSecret(ctx.config.appSecret, row.secretSealed, totpSecretLocation(userId))
  const step = matchingStep(secret, code, ctx.now())
  return step !== null && (await claimTotpStep(ctx.db, userId, step, ctx.now()))
}

export const totpSecretLocation = (userId: string) => ({
  table: 'user_totp',
  column: 'secret_sealed',
  rowId: userId,
})

/** Spends one unused recovery code of the user. */
export const useRecoveryCode = (ctx: ServiceContext, userId: string, code: string) =>
  claimRecoveryCode(ctx.db, userId, recoveryCodeHash(ctx.config.appSecret, userId, code), ctx.now())

/**
 * Checks a code (authenticator or recovery) for a user under the second-step throttle: a wrong
 * one is counted against the account (429 past the limit) and answered 401 INVALID_TWO_STEP_CODE.
 */
export async function checkCode(
  ctx: ServiceContext,
  userId: string,
  proof: MfaVerifyRequest,
  onWrong?: () => Promise<void>,
): Promise<'totp' | 'recovery'> {
  await assertCodesAllowed(ctx, userId)
  const method = 'code' in proof ? 'totp' : 'recovery'
  const ok =
    'code' in proof
      ? await useTotpCode(ctx, userId, proof.code)
      : await useRecoveryCode(ctx, userId, proof.recoveryCode)
  if (!ok) {
    await hitRateLimit(ctx.db, failureKey(userId), ctx.config.rateLimits.secondStepUser.windowMs)
    await onWrong?.()
    throw new AppError('INVALID_TWO_STEP_CODE', INVALID_TWO_STEP_CODE, 401)
  }
  await resetRateLimit(ctx.db, failureKey(userId))
  return method
}

/** POST /auth/mfa/verify: completes a sign-in in progress with a code. */
export async function verifySecondStep(
  ctx: ServiceContext,
  progressToken: string | undefined,
  proof: MfaVerifyRequest,
  presented: PresentedTokens,
): Promise<SignedIn & { recoveryCodesRemaining?: number }> {
  const challenge = await openedChallenge(ctx, progressToken, 'second_step')
  const user = challenge?.userId ? await userById(ctx, challenge.userId) : undefined
  if (!challenge || !user || !user.isActive) throw secondStepExpired()

  const audit = (
    outcome: 'success' | 'failure' | 'denied',
    details: { method: 'totp' | 'recovery' | 'passkey'; reason?: 'invalid_code' | 'rate_limited' },
  ) =>
    recordAudit(ctx, {
      action: 'auth.second_step',
      outcome,
      actorId: user.id,
      businessId: user.businessId,
      details,
    })
  const methodOf = 'code' in proof ? 'totp' : 'recovery'
  let method: 'totp' | 'recovery'
  try {
    method = await checkCode(ctx, user.id, proof, async () => {
      // Past the sign-in's attempts the password is asked again (and counted again).
      if ((await countChallengeAttempt(ctx.db, challenge.id)) >= ATTEMPTS_PER_SIGN_IN)
        await deleteChallenge(ctx.db, challenge.id)
    })
  } catch (err) {
    if (err instanceof AppError)
      await audit(err.status === 429 ? 'denied' : 'failure', {
        method: methodOf,
        reason: err.status === 429 ? 'rate_limited' : 'invalid_code',
      })
    throw err
  }
  // Single use: of two verifications racing on one sign-in, one starts the session.
  if (!(await deleteChallenge(ctx.db, challenge.id))) throw secondStepExpired()
  return finishSecondStep(ctx, user, presented, method)
}

/** The second step passed (a code or a passkey): the session, audited. */
export async function finishSecondStep(
  ctx: ServiceContext,
  user: SignInUser,
  presented: PresentedTokens,
  method: 'totp' | 'recovery' | 'passkey',
): Promise<SignedIn & { recoveryCodesRemaining?: number }> {
  const signedIn = await startSignedIn(ctx, user, presented)
  await recordAudit(ctx, {
    action: 'auth.login',
    actorId: user.id,
    businessId: user.businessId,
    details: { sessionId: signedIn.actor.sessionId, secondStep: method },
  })
  if (method !== 'recovery') return signedIn
  const remaining = await unusedRecoveryCodes(ctx.db, user.id)
  await recordAudit(ctx, {
    action: 'auth.recovery_code_used',
    actorId: user.id,
    businessId: user.businessId,
    details: { remaining },
  })
  return { ...signedIn, recoveryCodesRemaining: remaining }
}
