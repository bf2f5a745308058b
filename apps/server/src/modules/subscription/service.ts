/**
 * The plan (SPEC §3 Subscription, §4, §9): what GET /subscription shows, plan changes (immediate,
 * prorated; the amount is recorded until billing arrives), cancellation (access continues 30 days,
 * then expired) and reactivation within those 30 days. Changes are the primary user's.
 */
import type { FastifyRequest } from 'fastify'
import type { BillingFrequency } from '@myodocs/shared/constants/plans'
import {
  ALREADY_CANCELLED,
  NOT_CANCELLED,
  PRIMARY_USER_ONLY,
  REACTIVATION_WINDOW_OVER,
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
import type { Db } from '../../db/client'
import { conflict, forbidden, notFound } from '../../lib/errors'
import type { AuthUser } from '../../plugins/auth'
import { recordAudit, requestOrigin } from '../audit/service'
import { assertBusinessNameConfirmed } from '../business/service'
import { pdfLimitOf } from './guard'
import { findSubscriptionRow, insertPlanChange, updateSubscription } from './repository'
import type { SubscriptionRow } from './repository'

type Ctx = { db: Db; now: () => Date }
type Caller = Pick<AuthUser, 'id' | 'businessId' | 'isPrimaryUser'>

export const ALREADY_ON_PLAN = 'You are already on this plan.'
export const PLAN_ENDED = 'Your plan has already ended.'

/** The subscription as GET /subscription answers it, as of `now`. */
export async function toSubscriptionDto(
  db: Db,
  row: SubscriptionRow,
  now: Date,
): Promise<Subscription> {
  const limit = await pdfLimitOf(db, row)
  const used = currentMonthlyCount(row, now)
  const decision = canGeneratePdf(row, now, limit)
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

async function load(db: Db, businessId: string) {
  const row = await findSubscriptionRow(db, businessId)
  if (!row) throw notFound('No subscription found')
  return row
}

export async function getSubscription(ctx: Ctx, user: Pick<AuthUser, 'businessId'>) {
  return toSubscriptionDto(ctx.db, await load(ctx.db, user.businessId), ctx.now())
}

function assertPrimary(user: Caller) {
  if (!user.isPrimaryUser) throw forbidden(PRIMARY_USER_ONLY)
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
  ctx: Ctx,
  user: Caller,
  body: ChangePlanRequest,
): Promise<PlanChangeQuote> {
  assertPrimary(user)
  const now = ctx.now()
  const row = await load(ctx.db, user.businessId)
  const { status, amountCents } = planChangeFor(row, body, now)
  return { ...body, status, proratedAmountCents: amountCents }
}

/** POST /subscription/change-plan: immediate (planChangeFor), recorded and audited. */
export async function changePlan(
  ctx: Ctx,
  req: FastifyRequest,
  user: Caller,
  body: ChangePlanRequest,
) {
  assertPrimary(user)
  const now = ctx.now()
  const row = await load(ctx.db, user.businessId)
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
  await recordAudit(
    ctx.db,
    {
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
    },
    requestOrigin(req),
  )
  return {
    subscription: await toSubscriptionDto(ctx.db, updated, now),
    proratedAmountCents: amountCents,
  }
}

/** POST /subscription/cancel: confirmed by the business name; access continues 30 days. */
export async function cancelSubscription(
  ctx: Ctx,
  req: FastifyRequest,
  user: Caller,
  confirmBusinessName: string,
) {
  assertPrimary(user)
  await assertBusinessNameConfirmed(ctx.db, user.businessId, confirmBusinessName)
  const now = ctx.now()
  const row = await load(ctx.db, user.businessId)
  const status = effectiveStatus(row, now)
  if (status === 'cancelled') throw conflict(ALREADY_CANCELLED)
  if (status === 'expired') throw conflict(PLAN_ENDED)
  const updated = await updateSubscription(ctx.db, user.businessId, {
    status: 'cancelled',
    cancelledAt: now,
    cancelledFromStatus: row.status,
  })
  await recordAudit(
    ctx.db,
    {
      action: 'subscription.cancel',
      actorId: user.id,
      businessId: user.businessId,
      details: { planType: row.planType, from: row.status },
    },
    requestOrigin(req),
  )
  return toSubscriptionDto(ctx.db, updated, now)
}

/** POST /subscription/reactivate: undoes a cancellation within its 30 days of access. */
export async function reactivateSubscription(ctx: Ctx, req: FastifyRequest, user: Caller) {
  assertPrimary(user)
  const now = ctx.now()
  const row = await load(ctx.db, user.businessId)
  if (row.status !== 'cancelled') throw conflict(NOT_CANCELLED)
  if (effectiveStatus(row, now) === 'expired') throw conflict(REACTIVATION_WINDOW_OVER)
  const restored: SubscriptionStatus = row.cancelledFromStatus === 'trial' ? 'trial' : 'active'
  const updated = await updateSubscription(ctx.db, user.businessId, {
    status: restored,
    cancelledAt: null,
    cancelledFromStatus: null,
  })
  await recordAudit(
    ctx.db,
    {
      action: 'subscription.reactivate',
      actorId: user.id,
      businessId: user.businessId,
      details: { planType: row.planType, to: restored },
    },
    requestOrigin(req),
  )
  return toSubscriptionDto(ctx.db, updated, now)
}
