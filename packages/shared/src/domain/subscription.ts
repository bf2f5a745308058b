/**
 * Subscription rules (docs/product/plans.md), pure and clock-injected so the server's guard and the
 * browser's banners agree. Amounts are in US cents.
 */
import {
  effectivePdfLimit,
  PAYMENT_GRACE_DAYS,
  PLAN_TYPES,
  PLANS,
  POST_CANCELLATION_ACCESS_DAYS,
  UNLIMITED_PDF_LIMIT,
} from '../constants/plans'
import type { BillingFrequency, PlanType } from '../constants/plans'

/**
 * `past_due`: Stripe could not collect a renewal; documents keep working for PAYMENT_GRACE_DAYS
 * while the account holder fixes the card (docs/product/plans.md#statuses).
 */
export const SUBSCRIPTION_STATUSES = [
  'trial',
  'active',
  'past_due',
  'cancelled',
  'expired',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

const DAY_MS = 86_400_000

export type SubscriptionState = {
  status: SubscriptionStatus
  planType: PlanType
  trialEnd: Date | null
  /** When the plan was cancelled; access continues POST_CANCELLATION_ACCESS_DAYS after it. */
  cancelledAt?: Date | null
  monthlyPdfGenerated: number
  /** The calendar month the count belongs to, `YYYY-MM` (UTC). */
  monthlyPdfPeriod: string | null
  /** When a renewal first failed (status `past_due`); the grace period runs from it. */
  pastDueSince?: Date | null
}

/** The usage period a date falls in: `YYYY-MM` in UTC. The count resets when it changes. */
export function usagePeriod(now: Date): string {
  return now.toISOString().slice(0, 7)
}

/** When the monthly count next resets: the first day of the next UTC month. */
export function nextUsageReset(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
}

/** PDFs generated in the current month: a stored count from an earlier month counts as 0. */
export function currentMonthlyCount(
  s: Pick<SubscriptionState, 'monthlyPdfGenerated' | 'monthlyPdfPeriod'>,
  now: Date,
): number {
  return s.monthlyPdfPeriod === usagePeriod(now) ? s.monthlyPdfGenerated : 0
}

/** A trial is expired when now is past trialEnd. */
export function isTrialExpired(
  s: Pick<SubscriptionState, 'status' | 'trialEnd'>,
  now: Date,
): boolean {
  return s.status === 'trial' && s.trialEnd !== null && now.getTime() > s.trialEnd.getTime()
}

/** End of access after a cancellation (30 days), or null when not cancelled. */
export function accessEndsAt(s: Pick<SubscriptionState, 'status' | 'cancelledAt'>): Date | null {
  if (s.status !== 'cancelled' || !s.cancelledAt) return null
  return new Date(s.cancelledAt.getTime() + POST_CANCELLATION_ACCESS_DAYS * DAY_MS)
}

/** When documents stop after a failed renewal (7 days of grace), or null when not past due. */
export function graceEndsAt(s: Pick<SubscriptionState, 'status' | 'pastDueSince'>): Date | null {
  if (s.status !== 'past_due' || !s.pastDueSince) return null
  return new Date(s.pastDueSince.getTime() + PAYMENT_GRACE_DAYS * DAY_MS)
}

/**
 * The status as of `now`: an over-due trial reads `expired`, and a cancellation past its 30 days
 * of continued access reads `expired`.
 */
export function effectiveStatus(s: SubscriptionState, now: Date): SubscriptionStatus {
  if (isTrialExpired(s, now)) return 'expired'
  const ends = accessEndsAt(s)
  if (ends && now.getTime() > ends.getTime()) return 'expired'
  return s.status
}

/** Active means active or trial (a past-due plan is not: a referral code needs a paid-up plan). */
export const isActiveStatus = (status: SubscriptionStatus) =>
  status === 'active' || status === 'trial'

export type PdfDecision =
  { allowed: true } | { allowed: false; reason: 'TRIAL_EXPIRED' | 'USAGE_LIMIT_EXCEEDED' }

/**
 * PDF generation is allowed only if the status is not cancelled or expired, the trial is
 * not over, and usage is below the limit. A cancelled or expired plan answers TRIAL_EXPIRED (the
 * browser shows "Subscription Required" with Upgrade).
 */
export function canGeneratePdf(
  s: SubscriptionState,
  now: Date,
  /** The business's limit (see businessPdfLimit); the plan's own limit by default. */
  limit: number = effectivePdfLimit(s.planType),
): PdfDecision {
  const status = effectiveStatus(s, now)
  if (status === 'cancelled' || status === 'expired')
    return { allowed: false, reason: 'TRIAL_EXPIRED' }
  const grace = graceEndsAt(s)
  if (grace && now.getTime() > grace.getTime()) return { allowed: false, reason: 'TRIAL_EXPIRED' }
  if (currentMonthlyCount(s, now) >= limit) {
    return { allowed: false, reason: 'USAGE_LIMIT_EXCEEDED' }
  }
  return { allowed: true }
}

/** Whole days left in the trial, rounded up; 0 when over or not on trial. */
export function trialDaysRemaining(
  s: Pick<SubscriptionState, 'status' | 'trialEnd'>,
  now: Date,
): number {
  if (s.status !== 'trial' || !s.trialEnd) return 0
  return Math.max(0, Math.ceil((s.trialEnd.getTime() - now.getTime()) / DAY_MS))
}

/** Usage as a percentage of the limit, capped at 100; 0 for unlimited plans. */
export function usagePercentage(used: number, limit: number): number {
  if (limit >= UNLIMITED_PDF_LIMIT || limit <= 0) return 0
  return Math.min(100, Math.round((used / limit) * 100))
}

/** How the limit reads: a number, or "Unlimited" for premium. */
export const formatPdfLimit = (limit: number) =>
  limit >= UNLIMITED_PDF_LIMIT ? 'Unlimited' : String(limit)

/** Price of one billing period in cents. */
export function periodPriceCents(planType: PlanType, billing: BillingFrequency): number {
  const plan = PLANS[planType]
  return (billing === 'annually' ? plan.yearlyPrice : plan.monthlyPrice) * 100
}

/**
 * The prorated amount owed when changing plan now (upgrades take effect immediately and
 * are prorated): the price difference for the unused part of the current period, in cents. A
 * downgrade owes nothing (a credit is not refunded; the lower price applies from the next period).
 * During a trial nothing is owed.
 */
export function proratedChangeCents(args: {
  from: PlanType
  to: PlanType
  billing: BillingFrequency
  status: SubscriptionStatus
  periodStart: Date
  periodEnd: Date
  now: Date
}): number {
  if (args.status === 'trial') return 0
  const total = args.periodEnd.getTime() - args.periodStart.getTime()
  if (total <= 0) return 0
  const remaining = Math.min(total, Math.max(0, args.periodEnd.getTime() - args.now.getTime()))
  const diff = periodPriceCents(args.to, args.billing) - periodPriceCents(args.from, args.billing)
  if (diff <= 0) return 0
  return Math.round((diff * remaining) / total)
}

/** What the seats of a practice depend on: its plan, extra seats, and a downgrade scheduled. */
export type SeatState = {
  planType: PlanType
  extraSeats?: number
  /** A downgrade waiting for the period's end: new seats are limited to it already. */
  scheduledPlanType?: PlanType | null
}

/**
 * Seats a practice may fill with active members and pending invitations (docs/product/team.md#seats):
 * the plan's own plus the extra seats bought, on plans that sell them; while a downgrade waits for
 * the period's end, no more than the coming plan allows, so the downgrade never finds the team over.
 */
export function seatLimit(s: SeatState): number {
  const of = (p: PlanType) =>
    PLANS[p].teamMemberLimit + (PLANS[p].additionalTeamMemberPrice ? (s.extraSeats ?? 0) : 0)
  return s.scheduledPlanType ? Math.min(of(s.planType), of(s.scheduledPlanType)) : of(s.planType)
}

/**
 * Whether a plan change applies at once (a higher plan, or the same plan billed annually instead
 * of monthly) or waits for the paid period's end (docs/product/plans.md#plan-changes).
 */
export function planChangeTakesEffectNow(
  from: { planType: PlanType; billingFrequency: BillingFrequency },
  to: { planType: PlanType; billingFrequency: BillingFrequency },
): boolean {
  const rank = (p: PlanType) => PLAN_TYPES.indexOf(p)
  if (rank(to.planType) !== rank(from.planType)) return rank(to.planType) > rank(from.planType)
  return to.billingFrequency === 'annually' && from.billingFrequency === 'monthly'
}
