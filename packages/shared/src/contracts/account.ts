/**
 * Account calls of the settings' account section (privacy policy "access" and "request deletion"):
 * GET /api/account/export and POST /api/account/delete. Referral card: ReferralInfoSchema in
 * contracts/subscription.ts (GET /api/account/referral).
 */
import { z } from 'zod'
import { TwoStepExportSchema } from './two-step'

/**
 * GET /api/account/export → data (also offered as a download): everything the server keeps about
 * the caller. The primary user gets the whole business's audit trail; a member gets their own.
 */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  business: z.record(z.string(), z.unknown()),
  subscription: z.record(z.string(), z.unknown()).nullable(),
  settings: z.record(z.string(), z.unknown()),
  legalAcceptances: z.array(z.record(z.string(), z.unknown())),
  /** The caller's own second steps (metadata only) and the practice's requirement. */
  twoStep: TwoStepExportSchema,
  auditEvents: z.array(z.record(z.string(), z.unknown())),
})
export type AccountExport = z.infer<typeof AccountExportSchema>

/**
 * POST /api/account/delete body: the business name typed to confirm (ConfirmByBusinessNameSchema
 * in contracts/subscription.ts). A member deletes their own account; the primary user deletes the
 * whole business, and only after cancelling the plan.
 */
export const AccountDeletedSchema = z.object({
  deleted: z.literal(true),
  /** `user`: only the caller's account; `business`: the business and every member. */
  scope: z.enum(['user', 'business']),
})
export type AccountDeleted = z.infer<typeof AccountDeletedSchema>

export const CANCEL_BEFORE_DELETING =
  'Cancel your plan before deleting your account. Your data stays available for 30 days after cancelling.'
