/**
 * Referrals: a link from a current subscriber gives the new business one extra free month (a
 * 60-day trial). A code belongs to one business and is valid while that business still has
 * access (trial or active, not expired or cancelled).
 */
import { INVALID_REFERRAL_CODE } from '@myodocs/shared/constants/messages'
import { REFERRAL_BONUS_MESSAGE } from '@myodocs/shared/contracts/referral'
import type { ReferralValidation } from '@myodocs/shared/contracts/referral'
import { REFERRAL_CODE_LENGTH, normalizeInviteCode } from '@myodocs/shared/domain/invite-code'
import { effectiveStatus, isActiveStatus } from '@myodocs/shared/domain/subscription'
import { AppError } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { generateInviteCode } from '../invite-codes'
import {
  findReferringBusiness,
  insertReferralCode,
  referralCodeOf,
  referralsUsedBy,
} from './repository'

export type Referrer = { businessId: string; name: string }

/** The business a referral code belongs to, if the code is valid now; else null. */
export async function findReferrer(ctx: ServiceContext, input: string): Promise<Referrer | null> {
  const code = normalizeInviteCode(input)
  if (!code || code.length > 32) return null
  const found = await findReferringBusiness(ctx.db, code)
  if (!found?.subscription) return null
  if (!isActiveStatus(effectiveStatus(found.subscription, ctx.now()))) return null
  return { businessId: found.business.id, name: found.business.name }
}

/** GET /referral/validate/{code}: 404 `Invalid referral code` when it is not valid. */
export async function validateReferral(
  ctx: ServiceContext,
  code: string,
): Promise<ReferralValidation> {
  const referrer = await findReferrer(ctx, code)
  if (!referrer) throw new AppError('NOT_FOUND', INVALID_REFERRAL_CODE, 404)
  return { referringBusiness: { name: referrer.name }, bonusMessage: REFERRAL_BONUS_MESSAGE }
}

/** Gives a new business its referral code (inside the registration transaction). */
export async function createReferralCode(ctx: ServiceContext, businessId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = await insertReferralCode(
      ctx.db,
      businessId,
      generateInviteCode(REFERRAL_CODE_LENGTH),
    )
    if (code) return code
  }
  throw new Error('could not create a unique referral code')
}

/**
 * The caller's business's own code, the link a subscriber shares (to /invite-code?ref=…), and
 * how many businesses signed up with it.
 */
export async function myReferral(ctx: SignedInContext) {
  const { businessId } = ctx.actor
  const code =
    (await referralCodeOf(ctx.db, businessId)) ?? (await createReferralCode(ctx, businessId))
  const referralsUsed = await referralsUsedBy(ctx.db, businessId)
  return { code, url: `${ctx.config.publicUrl}/invite-code?ref=${code}`, referralsUsed }
}
