/**
 * Subscription calls. The rules are in
 * domain/subscription.ts; these are the wire shapes and texts.
 */
import { z } from 'zod'
import { text } from './text'
import { BILLING_FREQUENCIES, PLAN_TYPES } from '../constants/plans'
import { SUBSCRIPTION_STATUSES } from '../domain/subscription'

/** GET /api/subscription → data. */
export const SubscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  planType: z.enum(PLAN_TYPES),
  billingFrequency: z.enum(BILLING_FREQUENCIES),
  monthlyPdfGenerated: z.number().int(),
  /** 999999 means unlimited (premium). */
  monthlyPdfLimit: z.number().int(),
  trialEnd: z.string().nullable(),
  /** Whole days left in the trial, rounded up. */
  daysRemaining: z.number().int(),
  /** Capped at 100; 0 for unlimited. */
  usagePercentage: z.number().int(),
  canGeneratePdf: z.boolean(),
  cancelledAt: z.string().nullable(),
  /** After cancelling, access continues until this time (30 days). */
  accessEndsAt: z.string().nullable(),
  /** Why canGeneratePdf is false (the code the document calls answer with), else null. */
  pdfBlockedReason: z.enum(['TRIAL_EXPIRED', 'USAGE_LIMIT_EXCEEDED']).nullable().optional(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

/** POST /api/subscription/change-plan (primary user). Takes effect immediately. */
export const ChangePlanRequestSchema = z.object({
  planType: z.enum(PLAN_TYPES, { error: 'Choose a plan' }),
  billingFrequency: z.enum(BILLING_FREQUENCIES, { error: 'Choose monthly or annual billing' }),
})
export type ChangePlanRequest = z.infer<typeof ChangePlanRequestSchema>

export const ChangePlanResultSchema = z.object({
  subscription: SubscriptionSchema,
  /** What the change costs now, prorated, in US cents; collected when billing arrives. */
  proratedAmountCents: z.number().int(),
})

/**
 * GET /api/subscription/change-plan/quote?planType=…&billingFrequency=… (primary user): what the
 * change would cost now, shown before it is confirmed. Changes nothing.
 */
export const PlanChangeQuoteSchema = z.object({
  planType: z.enum(PLAN_TYPES),
  billingFrequency: z.enum(BILLING_FREQUENCIES),
  /** The status right after the change (a trial stays a trial). */
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Owed now, prorated, in US cents (0 during a trial or for a downgrade); Stripe's preview. */
  proratedAmountCents: z.number().int(),
  /**
   * When the change happens: `now` (an upgrade), `period_end` (a downgrade, at `effectiveAt`), or
   * `checkout` (no subscription yet: the plan is bought on Stripe's Checkout page). Absent: now.
   */
  takesEffect: z.enum(['now', 'period_end', 'checkout']).optional(),
  effectiveAt: z.string().nullable().optional(),
})
export type PlanChangeQuote = z.infer<typeof PlanChangeQuoteSchema>

/** Destructive account steps are confirmed by typing the business name. */
export const ConfirmByBusinessNameSchema = z.object({
  confirmBusinessName: text({ error: 'Type your business name to confirm' })
    .trim()
    .min(1, 'Type your business name to confirm'),
})
export const BUSINESS_NAME_MISMATCH = 'The business name does not match'

/** Not in the spec: plan changes that cannot happen. */
export const ALREADY_ON_PLAN = 'You are already on this plan.'
export const PLAN_ENDED = 'Your plan has already ended.'
export const SUBSCRIPTION_NOT_FOUND = 'No subscription found'

/** Subscription failures: codes, titles and texts. */
export const TRIAL_EXPIRED = 'TRIAL_EXPIRED'
export const USAGE_LIMIT_EXCEEDED = 'USAGE_LIMIT_EXCEEDED'
export const SUBSCRIPTION_REQUIRED_TITLE = 'Subscription Required'
export const USAGE_LIMIT_TITLE = 'Usage Limit Reached'
export const SUBSCRIPTION_ERROR_TITLE = 'Subscription Error'
export const TRIAL_EXPIRED_MESSAGE =
  'Your free trial or subscription has ended. Upgrade your plan to keep generating documents.'
export const USAGE_LIMIT_MESSAGE =
  'You have reached your monthly PDF limit. Your limit resets at the start of next month.'
/** Non-primary users are sent to their administrator. */
export const CONTACT_ADMINISTRATOR_MESSAGE =
  'Please contact your account administrator to upgrade your plan.'
export const UPGRADE_NOW = 'Upgrade Now'
export const REFRESH_STATUS = 'Refresh Status'

/** GET /api/account/referral (primary user): the "Refer a colleague" card. */
export const ReferralInfoSchema = z.object({
  code: z.string(),
  link: z.string(),
  referralsUsed: z.number().int(),
})

/** A cancellation can be undone only while access continues (30 days). */
export const REACTIVATION_WINDOW_OVER =
  'Your cancelled plan has ended. Choose a plan to subscribe again.'
export const NOT_CANCELLED = 'Your plan is not cancelled.'
export const ALREADY_CANCELLED = 'Your plan is already cancelled.'
