/**
 * Referrals (SPEC §1, §4, §9): a link from a current subscriber gives the new business one extra
 * free month (a 60-day trial). A code belongs to one business and is valid while that business
 * still has access (trial or active, not expired or cancelled).
 */
import { INVALID_REFERRAL_CODE } from '@myodocs/shared/constants/messages'
import { REFERRAL_BONUS_DAYS, TRIAL_DAYS } from '@myodocs/shared/constants/plans'
import type { ReferralValidation } from '@myodocs/shared/contracts/referral'
import { REFERRAL_CODE_LENGTH, normalizeInviteCode } from '@myodocs/shared/domain/invite-code'
import { effectiveStatus, isActiveStatus } from '@myodocs/shared/domain/subscription'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'
import { generateInviteCode } from '../invite-codes/service'
import {
  findReferringBusiness,
  insertReferralCode,
  referralCodeOf,
  referralsUsedBy,
} from './repository'

export const REFERRAL_BONUS_MESSAGE = `You get one extra month free: your trial lasts ${TRIAL_DAYS + REFERRAL_BONUS_DAYS} days instead of ${TRIAL_DAYS}.`

export type Referrer = { businessId: string; name: string }

/** The business a referral code belongs to, if the code is valid now; else null. */
export async function findReferrer(db: Db, input: string, now: Date): Promise<Referrer | null> {
  const code = normalizeInviteCode(input)
  if (!code || code.length > 32) return null
  const found = await findReferringBusiness(db, code)
  if (!found?.subscription) return null
  if (!isActiveStatus(effectiveStatus(found.subscription, now))) return null
  return { businessId: found.business.id, name: found.business.name }
}

/** GET /referral/validate/{code}: 404 `Invalid referral code` when it is not valid. */
export async function validateReferral(
  db: Db,
  code: string,
  now: Date,
): Promise<ReferralValidation> {
  const referrer = await findReferrer(db, code, now)
  if (!referrer) throw new AppError('NOT_FOUND', INVALID_REFERRAL_CODE, 404)
  return { referringBusiness: { name: referrer.name }, bonusMessage: REFERRAL_BONUS_MESSAGE }
}

/** Gives a new business its referral code (inside the registration transaction). */
export async function createReferralCode(db: Db, businessId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = await insertReferralCode(db, businessId, generateInviteCode(REFERRAL_CODE_LENGTH))
    if (code) return code
  }
  throw new Error('could not create a unique referral code')
}

/**
 * The business's own code, the link a subscriber shares (to /invite-code?ref=…), and how many
 * businesses signed up with it.
 */
export async function myReferral(db: Db, businessId: string, publicUrl: string) {
  const code = (await referralCodeOf(db, businessId)) ?? (await createReferralCode(db, businessId))
  const referralsUsed = await referralsUsedBy(db, businessId)
  return { code, url: `${publicUrl}/invite-code?ref=${code}`, referralsUsed }
}
