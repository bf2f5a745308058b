/**
 * The plan: what GET /subscription shows, plan changes (immediate,
 * prorated; the amount is recorded until billing arrives), cancellation (access continues 30 days,
 * then expired) and reactivation within those 30 days. Changes are the primary user's.
 */
import type { BillingFrequency } from '@myodocs/shared/constants/plans'
import {
  ALREADY_CANCELLED,
  ALREADY_ON_PLAN,
  NOT_CANCELLED,
  PLAN_ENDED,
  REACTIVATION_WINDOW_OVER,
  SUBSCRIPTION_NOT_FOUND,
} from '@myodocs/shared/contracts/subscription'
import type {
  ChangePlanRequest,
  PlanChangeQuote,
  Subscription,
} from '@myodocs/shared/contracts/subscription'
import {
  accessEndsAt,
  canGeneratePdf,
  currentMonthlyCount,
  effectiveStatus,
  isTrialExpired,
  periodPriceCents,
  proratedChangeCents,
  trialDaysRemaining,
  usagePercentage,
} from '@myodocs/shared/domain/subscription'
import type { SubscriptionStatus } from '@myodocs/shared/domain/subscription'
import { conflict, notFound } from '../../lib/errors'
import { assertPrimaryUser } from '../../lib/service-context'
import type { SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { assertBusinessNameConfirmed } from '../business'
import { pdfUsageState } from './guard'
import { findSubscriptionRow, insertPlanChange, updateSubscription } from './repository'
import type { SubscriptionRow } from './repository'

/** The subscription as GET /subscription answers it, as of `now`. */
async function toSubscriptionDto(
  ctx: SignedInContext,
  row: SubscriptionRow,
  now: Date,
): Promise<Subscription> {
  // The count the limit applies to: the caller's own on Professional, else the business's.
  const state = await pdfUsageState(ctx, row, ctx.actor.id)
  const limit = state.limit
  const used = currentMonthlyCount(state, now)
  const decision = canGeneratePdf(state, now, limit)
  return {
    id: row.id,
    status: effectiveStatus(row, now),
    planType: row.planType,
    billingFrequency: row.billingFrequency,
    monthlyPdfGenerated: used,
    monthlyPdfLimit: limit,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    daysRemaining: trialDaysRemaining(row, now),
    usagePercentage: usagePercentage(used, limit),
    canGeneratePdf: decision.allowed,
    pdfBlockedReason: decision.allowed ? null : decision.reason,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    accessEndsAt: accessEndsAt(row)?.toISOString() ?? null,
  }
}

async function load(ctx: SignedInContext) {
  const row = await findSubscriptionRow(ctx.db, ctx.actor.businessId)
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND)
  return row
}

/** GET /subscription: the caller's business's plan as of now. */
export async function getSubscription(ctx: SignedInContext) {
  return toSubscriptionDto(ctx, await load(ctx), ctx.now())
}

/** The caller's business's plan, or null when it has none (the data export). */
export async function findSubscription(ctx: SignedInContext): Promise<Subscription | null> {
  const row = await findSubscriptionRow(ctx.db, ctx.actor.businessId)
  return row ? toSubscriptionDto(ctx, row, ctx.now()) : null
}

/** The status of the caller's business's plan now; no plan reads as expired. */
export async function subscriptionStatus(ctx: SignedInContext): Promise<SubscriptionStatus> {
  const row = await findSubscriptionRow(ctx.db, ctx.actor.businessId)
  return row ? effectiveStatus(row, ctx.now()) : 'expired'
}

/** One billing period from `start` (calendar month or year, UTC). */
export function periodEnd(start: Date, billing: BillingFrequency): Date {
  const end = new Date(start)
  if (billing === 'annually') end.setUTCFullYear(end.getUTCFullYear() + 1)
  else end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}

/** The status a cancellation interrupted, as it would read now if it had not happened. */
function statusBeforeCancel(row: SubscriptionRow, now: Date): SubscriptionStatus {
  if (row.cancelledFromStatus === 'trial')
    return isTrialExpired({ status: 'trial', trialEnd: row.trialEnd }, now) ? 'expired' : 'trial'
  return 'active'
}

/**
 * What changing to `body` means now: the status after the change, a new billing period when one
 * starts, and the amount owed. On a trial nothing is owed; on an active plan the price difference
 * for the rest of the period (proratedChangeCents; a new billing frequency starts a new period);
 * after expiry a new paid period starts now. A cancelled plan is reactivated. The same plan again
 * is 409.
 */
function planChangeFor(row: SubscriptionRow, body: ChangePlanRequest, now: Date) {
  let base = effectiveStatus(row, now)
  if (base === 'cancelled') base = statusBeforeCancel(row, now)
  const samePlan = row.planType === body.planType && row.billingFrequency === body.billingFrequency
  if (samePlan && base !== 'expired' && row.status !== 'cancelled') throw conflict(ALREADY_ON_PLAN)

  const newPeriod = () => ({
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd(now, body.billingFrequency),
  })
  let amountCents = 0
  let status: SubscriptionStatus = base
  let period: { currentPeriodStart: Date; currentPeriodEnd: Date } | undefined
  if (base === 'expired') {
    status = 'active'
    period = newPeriod()
    amountCents = periodPriceCents(body.planType, body.billingFrequency)
  } else if (base === 'active') {
    const { currentPeriodStart: start, currentPeriodEnd: end } = row
    if (start && end && now < end && row.billingFrequency === body.billingFrequency) {
      amountCents = proratedChangeCents({
        from: row.planType,
        to: body.planType,
        billing: body.billingFrequency,
        status: 'active',
        periodStart: start,
        periodEnd: end,
        now,
      })
    } else {
      period = newPeriod()
      amountCents = periodPriceCents(body.planType, body.billingFrequency)
    }
  }
  return { status, period, amountCents }
}

/**
 * GET /subscription/change-plan/quote: what a change would cost now, before it is confirmed
 * (the plan page shows it in the confirmation). Changes nothing.
 */
export async function quotePlanChange(
  ctx: SignedInContext,
  body: ChangePlanRequest,
): Promise<PlanChangeQuote> {
  assertPrimaryUser(ctx)
  const now = ctx.now()
  const row = await load(ctx)
  const { status, amountCents } = planChangeFor(row, body, now)
  return { ...body, status, proratedAmountCents: amountCents }
}

/** POST /subscription/change-plan: immediate (planChangeFor), recorded and audited. */
export async function changePlan(ctx: SignedInContext, body: ChangePlanRequest) {
  assertPrimaryUser(ctx)
  const user = ctx.actor
  const now = ctx.now()
  const row = await load(ctx)
  const { status, period, amountCents } = planChangeFor(row, body, now)

  const updated = await ctx.db.transaction(async (tx) => {
    const saved = await updateSubscription(tx, user.businessId, {
      planType: body.planType,
      billingFrequency: body.billingFrequency,
      status,
      cancelledAt: null,
      cancelledFromStatus: null,
      ...period,
    })
    await insertPlanChange(tx, {
      businessId: user.businessId,
      actorId: user.id,
      fromPlan: row.planType,
      toPlan: body.planType,
      fromBilling: row.billingFrequency,
      toBilling: body.billingFrequency,
      amountCents,
      at: now,
    })
    return saved
  })
  await recordAudit(ctx, {
    action: 'subscription.change_plan',
    actorId: user.id,
    businessId: user.businessId,
    details: {
      from: {
        planType: row.planType,
        billingFrequency: row.billingFrequency,
        status: row.status,
      },
      to: { planType: body.planType, billingFrequency: body.billingFrequency, status },
      proratedAmountCents: amountCents,
    },
  })
  return {
    subscription: await toSubscriptionDto(ctx, updated, now),
    proratedAmountCents: amountCents,
  }
}

/** POST /subscription/cancel: confirmed by the business name; access continues 30 days. */
export async function cancelSubscription(ctx: SignedInContext, confirmBusinessName: string) {
  assertPrimaryUser(ctx)
  const user = ctx.actor
  await assertBusinessNameConfirmed(ctx, confirmBusinessName)
  const now = ctx.now()
  const row = await load(ctx)
  const status = effectiveStatus(row, now)
  if (status === 'cancelled') throw conflict(ALREADY_CANCELLED)
  if (status === 'expired') throw conflict(PLAN_ENDED)
  const updated = await updateSubscription(ctx.db, user.businessId, {
    status: 'cancelled',
    cancelledAt: now,
    cancelledFromStatus: row.status,
  })
  await recordAudit(ctx, {
    action: 'subscription.cancel',
    actorId: user.id,
    businessId: user.businessId,
    details: { planType: row.planType, from: row.status },
  })
  return toSubscriptionDto(ctx, updated, now)
}

/** POST /subscription/reactivate: undoes a cancellation within its 30 days of access. */
export async function reactivateSubscription(ctx: SignedInContext) {
  assertPrimaryUser(ctx)
  const user = ctx.actor
  const now = ctx.now()
  const row = await load(ctx)
  if (row.status !== 'cancelled') throw conflict(NOT_CANCELLED)
  if (effectiveStatus(row, now) === 'expired') throw conflict(REACTIVATION_WINDOW_OVER)
  const restored: SubscriptionStatus = row.cancelledFromStatus === 'trial' ? 'trial' : 'active'
  const updated = await updateSubscription(ctx.db, user.businessId, {
    status: restored,
    cancelledAt: null,
    cancelledFromStatus: null,
  })
  await recordAudit(ctx, {
    action: 'subscription.reactivate',
    actorId: user.id,
    businessId: user.businessId,
    details: { planType: row.planType, to: restored },
  })
  return toSubscriptionDto(ctx, updated, now)
}
