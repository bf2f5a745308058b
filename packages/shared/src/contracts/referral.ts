/** GET /referral/validate/{code}. */
import { z } from 'zod'
import { text } from './text'
import { REFERRAL_BONUS_DAYS, TRIAL_DAYS } from '../constants/plans'

/** Not in the spec: what a valid referral gives, shown on the invite-code page. */
export const REFERRAL_BONUS_MESSAGE = `You get one extra month free: your trial lasts ${TRIAL_DAYS + REFERRAL_BONUS_DAYS} days instead of ${TRIAL_DAYS}.`

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
