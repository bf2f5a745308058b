/** GET /referral/validate/{code}. */
import { z } from 'zod'
import { text } from './text'
import { REFERRAL_BONUS_DAYS, TRIAL_DAYS } from '../constants/plans'

/** How long a trial started with a valid referral lasts. */
export const REFERRED_TRIAL_DAYS = TRIAL_DAYS + REFERRAL_BONUS_DAYS

/** Not in the spec: what a valid referral gives, in one sentence, shown on the sign-up pages. */
export const REFERRAL_BONUS_MESSAGE = `One extra month free: your trial lasts ${REFERRED_TRIAL_DAYS} days.`

export const ReferralCodeParamsSchema = z.object({
  code: text().trim().min(1).max(32),
})

export const ReferralValidationSchema = z.object({
  referringBusiness: z.object({ name: z.string() }),
  bonusMessage: z.string(),
})
export type ReferralValidation = z.infer<typeof ReferralValidationSchema>

/** GET /referral/code: the signed-in business's own code and the link to share. */
export const MyReferralSchema = z.object({
  code: z.string(),
  url: z.string(),
  /** How many businesses registered with this code. */
  referralsUsed: z.number().int().optional(),
})
