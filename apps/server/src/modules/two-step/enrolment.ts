/**
 * Settings → Security for the signed-in user (docs/product/accounts.md#two-step-sign-in): the
 * authenticator app (setup, confirmation with a first code, removal), recovery codes (ten at the
 * first enrolment, shown once, regenerable) and the status the tab shows.
 */
import {
  TOTP_ALREADY_ENABLED,
  TOTP_NOT_ENABLED,
  TOTP_SETUP_NOT_STARTED,
  INVALID_TWO_STEP_CODE,
} from '@myodocs/shared/constants/two-step-messages'
import type {
  RecoveryCodesResponse,
  TotpSetupResponse,
  TwoStepExport,
  TwoStepStatus,
} from '@myodocs/shared/contracts/two-step'
import { openSecret, sealSecret } from '../../lib/crypto'
import { AppError, badRequest, conflict } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import type { AuditEvent } from '../audit'
import { userById } from '../profile'
import { releaseTwoStepEnrolment } from '../sessions'
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
} from './codes'
import {
  businessRequiresTwoStep,
  claimTotpStep,
  deleteTotp,
  enrolment,
  findTotp,
  listPasskeys,
  recoveryCodeSummary,
  replaceRecoveryCodes,
  upsertPendingTotp,
} from './repository'
import { totpSecretLocation } from './sign-in'

/** An event of the signed-in user about their own account. */
export const auditOwn = (ctx: SignedInContext, event: AuditEvent) =>
  recordAudit(ctx, { actorId: ctx.actor.id, businessId: ctx.actor.businessId, ...event })

/** GET /auth/mfa: what the Security tab shows. */
export async function twoStepStatus(ctx: SignedInContext): Promise<TwoStepStatus> {
  const [e, keys, required] = await Promise.all([
    enrolment(ctx.db, ctx.actor.id),
    listPasskeys(ctx.db, ctx.actor.id),
    businessRequiresTwoStep(ctx.db, ctx.actor.businessId),
  ])
  return {
    totp: e.totp,
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesRemaining: e.recovery,
    requiredByPractice: required,
  }
}

/**
 * The account export's two-step part: dates, names and counts of the user's own second steps;
 * never the sealed key, a code's hash or a passkey's public key.
 */
export async function twoStepForExport(ctx: SignedInContext): Promise<TwoStepExport> {
  const [totp, keys, codes, required] = await Promise.all([
    findTotp(ctx.db, ctx.actor.id),
    listPasskeys(ctx.db, ctx.actor.id),
    recoveryCodeSummary(ctx.db, ctx.actor.id),
    businessRequiresTwoStep(ctx.db, ctx.actor.businessId),
  ])
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    authenticatorApp: totp
      ? { setUpAt: totp.createdAt.toISOString(), confirmedAt: iso(totp.confirmedAt) }
      : null,
    passkeys: keys.map((k) => ({
      name: k.name,
      transports: k.transports,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: iso(k.lastUsedAt),
    })),
    recoveryCodes: { ...codes, issuedAt: iso(codes.issuedAt) },
    requiredByPractice: required,
  }
}

/** POST /auth/mfa/totp/setup: a new secret, not yet in force (a first code confirms it). */
export async function setupTotp(ctx: SignedInContext): Promise<TotpSetupResponse> {
  const user = await userById(ctx, ctx.actor.id)
  if (!user) throw new AppError('UNAUTHORIZED', INVALID_TWO_STEP_CODE, 401)
  const secret = newTotpSecret()
  const sealed = sealSecret(ctx.config.appSecret, secret, totpSecretLocation(user.id))
  if (!(await upsertPendingTotp(ctx.db, user.id, sealed, ctx.now())))
    throw conflict(TOTP_ALREADY_ENABLED)
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) }
}

/** Ten new recovery codes for the user, replacing any earlier ones; only their hashes are kept. */
export async function issueRecoveryCodes(ctx: ServiceContext, userId: string) {
  const codes = newRecoveryCodes()
  await replaceRecoveryCodes(
    ctx.db,
    userId,
    codes.map((c) => recoveryCodeHash(ctx.config.appSecret, userId, c)),
    ctx.now(),
  )
  return codes
}

/** A first second step now exists: a session that could only enrol may do everything again. */
export async function enrolled(ctx: SignedInContext) {
  await releaseTwoStepEnrolment(ctx, ctx.actor.id)
}

/**
 * POST /auth/mfa/totp/confirm: a first code proves the app holds the secret; the app is then in
 * force and ten recovery codes are answered, once.
 */
export async function confirmTotp(
  ctx: SignedInContext,
  code: string,
): Promise<RecoveryCodesResponse> {
  const row = await findTotp(ctx.db, ctx.actor.id)
  if (!row) throw badRequest(TOTP_SETUP_NOT_STARTED)
  if (row.confirmedAt) throw conflict(TOTP_ALREADY_ENABLED)
  const secret = openSecret(ctx.config.appSecret, row.secretSealed, totpSecretLocation(row.userId))
  const step = matchingStep(secret, code, ctx.now())
  if (step === null || !(await claimTotpStep(ctx.db, row.userId, step, ctx.now())))
    throw badRequest(INVALID_TWO_STEP_CODE, { code: INVALID_TWO_STEP_CODE })
  const recoveryCodes = await issueRecoveryCodes(ctx, row.userId)
  await enrolled(ctx)
  await auditOwn(ctx, { action: 'auth.totp_enrol' })
  return { recoveryCodes }
}

/**
 * The user's last second step went: recovery codes alone are no second step, so they go too
 * (they would otherwise open nothing but a sign-in that asks for a method the account lacks).
 */
export async function dropRecoveryCodesIfAlone(ctx: ServiceContext, userId: string) {
  const e = await enrolment(ctx.db, userId)
  if (!e.totp && e.passkeys === 0) await replaceRecoveryCodes(ctx.db, userId, [], ctx.now())
}

/** DELETE /auth/mfa/totp: removes the authenticator app (and a setup not yet confirmed). */
export async function removeTotp(ctx: SignedInContext): Promise<void> {
  const wasOn = await deleteTotp(ctx.db, ctx.actor.id)
  if (!wasOn) throw conflict(TOTP_NOT_ENABLED)
  await dropRecoveryCodesIfAlone(ctx, ctx.actor.id)
  await auditOwn(ctx, { action: 'auth.totp_remove', details: { by: 'self' } })
}

/** POST /auth/mfa/recovery-codes: ten new codes; the earlier ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: SignedInContext,
): Promise<RecoveryCodesResponse> {
  const e = await enrolment(ctx.db, ctx.actor.id)
  if (!e.totp && e.passkeys === 0) throw conflict(TOTP_NOT_ENABLED)
  const recoveryCodes = await issueRecoveryCodes(ctx, ctx.actor.id)
  await auditOwn(ctx, { action: 'auth.recovery_codes_regenerate' })
  return { recoveryCodes }
}
