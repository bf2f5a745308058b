/**
 * The practice's requirement and the account holder's reset
 * (docs/product/accounts.md#two-step-sign-in): the account holder can require two-step sign-in of
 * every member (members without it enrol at their next sign-in and can do nothing else until they
 * have), and can reset a member's two-step sign-in when a phone is lost (the member signs in with
 * the password and enrols again).
 */
import type { LoginRequest } from '@myodocs/shared/contracts/auth'
import { NO_TWO_STEP_TO_RESET } from '@myodocs/shared/constants/two-step-messages'
import type { BusinessSecurity } from '@myodocs/shared/contracts/two-step'
import { conflict, notFound } from '../../lib/errors'
import { assertPrimaryUser } from '../../lib/service-context'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { userByEmail, userById } from '../profile'
import { checkPassword, endUserSessions } from '../sessions'
import type { PresentedTokens } from '../sessions'
import { auditOwn } from './enrolment'
import {
  businessRequiresTwoStep,
  deleteAllSecondSteps,
  deleteUserChallenges,
  enrolment,
  setBusinessRequiresTwoStep,
} from './repository'
import { completeSignIn } from './sign-in'
import type { SignInOutcome } from './sign-in'

/** POST /auth/login: the password, then a session or the second step. */
export async function passwordSignIn(
  ctx: ServiceContext,
  credentials: LoginRequest,
  presented: PresentedTokens & { device?: string },
): Promise<SignInOutcome> {
  const user = await checkPassword(ctx, credentials, presented)
  return completeSignIn(ctx, user, presented, 'password')
}

/** GET /business/security. */
export async function businessSecurity(ctx: SignedInContext): Promise<BusinessSecurity> {
  return { requireTwoStep: await businessRequiresTwoStep(ctx.db, ctx.actor.businessId) }
}

/** PUT /business/security (account holder). */
export async function setBusinessSecurity(
  ctx: SignedInContext,
  body: BusinessSecurity,
): Promise<BusinessSecurity> {
  assertPrimaryUser(ctx)
  const before = await businessRequiresTwoStep(ctx.db, ctx.actor.businessId)
  if (before !== body.requireTwoStep) {
    await setBusinessRequiresTwoStep(ctx.db, ctx.actor.businessId, body.requireTwoStep)
    await auditOwn(ctx, {
      action: 'business.security_update',
      details: { requireTwoStep: body.requireTwoStep },
    })
  }
  return { requireTwoStep: body.requireTwoStep }
}

/**
 * POST /team/{id}/reset-two-step (account holder): removes the member's authenticator app,
 * passkeys and recovery codes and ends their sessions; a member of another business is 404.
 */
export async function resetMemberTwoStep(ctx: SignedInContext, memberId: string): Promise<void> {
  assertPrimaryUser(ctx)
  const member = await userById(ctx, memberId)
  if (!member || member.businessId !== ctx.actor.businessId) throw notFound()
  await wipeSecondSteps(ctx, member.id, member.id !== ctx.actor.id)
  await auditOwn(ctx, { action: 'team.member_two_step_reset', details: { memberId: member.id } })
}

async function wipeSecondSteps(ctx: ServiceContext, userId: string, endSessions: boolean) {
  const e = await enrolment(ctx.db, userId)
  if (!e.totp && e.passkeys === 0 && e.recovery === 0) throw conflict(NO_TWO_STEP_TO_RESET)
  await ctx.db.transaction(async (tx) => {
    await deleteAllSecondSteps(tx, userId)
    await deleteUserChallenges(tx, userId)
  })
  // A lost phone may be in someone else's hands with a signed-in browser.
  if (endSessions) await endUserSessions(ctx, userId, 'two_step_reset')
}

/**
 * The operator's reset (`npm run admin -- two-step reset <email>`): the way back for an account
 * holder who lost every second step and every recovery code, once the operator has checked who
 * is asking (docs/decisions/022-two-step-sign-in.md#a-locked-out-account-holder).
 */
export async function operatorResetTwoStep(ctx: ServiceContext, email: string): Promise<void> {
  const user = await userByEmail(ctx, email)
  if (!user) throw notFound()
  await wipeSecondSteps(ctx, user.id, true)
  await recordAudit(ctx, {
    action: 'team.member_two_step_reset',
    businessId: user.businessId,
    details: { memberId: user.id, by: 'operator' },
  })
}
