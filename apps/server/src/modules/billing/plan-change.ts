/**
 * Plan changes, cancellation and reactivation when payments run through Stripe
 * (docs/product/plans.md#plan-changes). An upgrade (a higher plan, or monthly to annual) takes
 * effect at once and Stripe invoices the prorated difference, which the dialog previews from
 * Stripe first. A downgrade waits for the end of the paid period in a subscription schedule, and
 * is refused while the members and pending invitations would not fit. Cancelling ends the
 * subscription at the period's end; reactivating before then resumes it. Without Stripe the
 * subscription module's recorded changes apply (development) or the change is refused (production).
 */
import { PLANS } from '@myodocs/shared/constants/plans'
import { planChangeTakesEffectNow } from '@myodocs/shared/domain/subscription'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import {
  NO_SUBSCRIPTION,
  PAYMENTS_NOT_CONFIGURED,
  REACTIVATE_BEFORE_CHANGE,
} from '@myodocs/shared/contracts/billing'
import { downgradeSeatChanges, downgradeSeatsOver } from '@myodocs/shared/constants/plan-messages'
import {
  ALREADY_CANCELLED,
  ALREADY_ON_PLAN,
  NOT_CANCELLED,
} from '@myodocs/shared/contracts/subscription'
import type { ChangePlanRequest, PlanChangeQuote } from '@myodocs/shared/contracts/subscription'
import { AppError, conflict } from '../../lib/errors'
import { assertPrimaryUser } from '../../lib/service-context'
import type { SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { assertBusinessNameConfirmed } from '../business'
import * as legacy from '../subscription'
import { seatsInUse } from '../team'
import { hasLiveSubscription, loadBillingRow } from './service'
import type { BillingRow } from './repository'
import { callStripe, priceMeaning, seatPrice, stripeConfigOf, stripeOf } from './stripe'
import type { Stripe } from './stripe'
import { applySubscription, retrieveSubscription, SUBSCRIPTION_EXPAND } from './sync'

type Target = { planType: PlanType; billingFrequency: BillingFrequency }

/** Now for a higher plan, or the same plan billed annually; else at the period's end. */
const takesEffectNow = planChangeTakesEffectNow

/** Without Stripe: recorded changes in development, a refusal in production. */
function withoutStripe(ctx: SignedInContext) {
  if (ctx.config.env === 'production')
    throw new AppError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_CONFIGURED, 503)
}

/** Stripe's items for `to`: the plan's price, and the extra seats carried where the plan sells them. */
function itemsFor(ctx: SignedInContext, sub: Stripe.Subscription, row: BillingRow, to: Target) {
  const config = stripeConfigOf(ctx)
  const items: Array<{ id?: string; price?: string; quantity?: number; deleted?: boolean }> = []
  const seat = seatPrice(config, to.planType, to.billingFrequency)
  for (const item of sub.items.data) {
    const meaning = priceMeaning(config, item.price.id)
    if (meaning?.kind === 'plan')
      items.push({ id: item.id, price: config.prices[to.planType][to.billingFrequency] })
    else if (meaning?.kind === 'seat')
      items.push(
        seat && row.extraSeats > 0 ? { id: item.id, price: seat } : { id: item.id, deleted: true },
      )
  }
  return items
}

/** A subscription ending at the period's end has no next period for a change to start in. */
function assertNotEnding(row: BillingRow) {
  if (row.cancelAtPeriodEnd) throw conflict(REACTIVATE_BEFORE_CHANGE)
}

/** Refuses a change that would leave more members and invitations than seats, saying what to change. */
async function assertTeamFits(ctx: SignedInContext, row: BillingRow, to: Target) {
  const plan = PLANS[to.planType]
  const seats = plan.teamMemberLimit + (plan.additionalTeamMemberPrice ? row.extraSeats : 0)
  const used = await seatsInUse(ctx, row.businessId)
  if (used <= seats) return
  throw new AppError('CONFLICT', downgradeSeatsOver(plan.name, seats, used), 409, undefined, {
    extra: { changes: downgradeSeatChanges(used - seats) },
  })
}

/** GET /subscription/change-plan/quote. */
export async function quotePlanChange(
  ctx: SignedInContext,
  body: ChangePlanRequest,
): Promise<PlanChangeQuote> {
  if (!ctx.config.stripe) {
    withoutStripe(ctx)
    return legacy.quotePlanChange(ctx, body)
  }
  assertPrimaryUser(ctx)
  const row = await loadBillingRow(ctx)
  if (!hasLiveSubscription(row))
    return {
      ...body,
      status: row.status,
      proratedAmountCents: 0,
      takesEffect: 'checkout',
      effectiveAt: null,
    }
  if (
    row.planType === body.planType &&
    row.billingFrequency === body.billingFrequency &&
    !row.scheduledPlanType
  )
    throw conflict(ALREADY_ON_PLAN)
  if (!takesEffectNow(row, body)) {
    assertNotEnding(row)
    await assertTeamFits(ctx, row, body)
    return {
      ...body,
      status: row.status,
      proratedAmountCents: 0,
      takesEffect: 'period_end',
      effectiveAt: row.currentPeriodEnd?.toISOString() ?? null,
    }
  }
  const { amount } = await previewUpgrade(ctx, row, body)
  return {
    ...body,
    status: row.status,
    proratedAmountCents: amount,
    takesEffect: 'now',
    effectiveAt: null,
  }
}

async function previewUpgrade(ctx: SignedInContext, row: BillingRow, to: Target) {
  const { stripe } = await stripeOf(ctx)
  const sub = await retrieveSubscription(ctx, row.stripeSubscriptionId!)
  const prorationDate = Math.floor(ctx.now().getTime() / 1000)
  const preview = await callStripe(ctx, 'invoices.createPreview', () =>
    stripe.invoices.createPreview({
      customer: row.stripeCustomerId!,
      subscription: sub.id,
      subscription_details: {
        items: itemsFor(ctx, sub, row, to),
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
      },
    }),
  )
  return { sub, amount: preview.amount_due, prorationDate }
}

/** Ends a waiting downgrade (Stripe keeps the subscription as it is). */
async function releaseSchedule(ctx: SignedInContext, sub: Stripe.Subscription) {
  const { stripe } = await stripeOf(ctx)
  const id = typeof sub.schedule === 'string' ? sub.schedule : sub.schedule?.id
  if (id)
    await callStripe(ctx, 'subscriptionSchedules.release', () =>
      stripe.subscriptionSchedules.release(id),
    )
}

/** POST /subscription/change-plan. */
export async function changePlan(ctx: SignedInContext, body: ChangePlanRequest) {
  if (!ctx.config.stripe) {
    withoutStripe(ctx)
    assertPrimaryUser(ctx)
    await assertTeamFits(ctx, await loadBillingRow(ctx), body)
    return legacy.changePlan(ctx, body)
  }
  assertPrimaryUser(ctx)
  const { stripe, config } = await stripeOf(ctx)
  const row = await loadBillingRow(ctx)
  // A trial not yet subscribed only changes which plan it tries; nothing is owed.
  if (!hasLiveSubscription(row)) {
    if (row.status !== 'trial' || row.stripeSubscriptionId) throw conflict(NO_SUBSCRIPTION)
    await assertTeamFits(ctx, row, body)
    return legacy.changePlan(ctx, body)
  }
  const same = row.planType === body.planType && row.billingFrequency === body.billingFrequency
  const sub = await retrieveSubscription(ctx, row.stripeSubscriptionId!)
  let amount = 0
  let updated: Stripe.Subscription
  if (same) {
    // The current plan again, with a downgrade waiting: the downgrade is called off.
    if (!row.scheduledPlanType) throw conflict(ALREADY_ON_PLAN)
    await releaseSchedule(ctx, sub)
    updated = await retrieveSubscription(ctx, sub.id)
  } else if (takesEffectNow(row, body)) {
    const preview = await previewUpgrade(ctx, row, body)
    amount = preview.amount
    await releaseSchedule(ctx, sub)
    updated = await callStripe(ctx, 'subscriptions.update', () =>
      stripe.subscriptions.update(sub.id, {
        items: itemsFor(ctx, sub, row, body),
        proration_behavior: 'always_invoice',
        proration_date: preview.prorationDate,
        cancel_at_period_end: false,
        expand: SUBSCRIPTION_EXPAND,
      }),
    )
  } else {
    assertNotEnding(row)
    await assertTeamFits(ctx, row, body)
    updated = await scheduleDowngrade(
      ctx,
      sub,
      row,
      body,
      config.prices[body.planType][body.billingFrequency],
    )
  }
  const saved = (await applySubscription(ctx, row.businessId, updated)) ?? row
  await recordAudit(ctx, {
    action: 'subscription.change_plan',
    actorId: ctx.actor.id,
    businessId: row.businessId,
    details: {
      from: { planType: row.planType, billingFrequency: row.billingFrequency, status: row.status },
      to: {
        planType: body.planType,
        billingFrequency: body.billingFrequency,
        status: saved.status,
      },
      proratedAmountCents: amount,
    },
  })
  return { subscription: await legacy.getSubscription(ctx), proratedAmountCents: amount }
}

/** The next period on the new plan: a schedule whose second phase starts at the period's end. */
async function scheduleDowngrade(
  ctx: SignedInContext,
  sub: Stripe.Subscription,
  row: BillingRow,
  to: Target,
  planPrice: string,
) {
  const { stripe, config } = await stripeOf(ctx)
  const scheduleId =
    (typeof sub.schedule === 'string' ? sub.schedule : sub.schedule?.id) ??
    (
      await callStripe(ctx, 'subscriptionSchedules.create', () =>
        stripe.subscriptionSchedules.create({ from_subscription: sub.id }),
      )
    ).id
  const planItem = sub.items.data.find((i) => priceMeaning(config, i.price.id)?.kind === 'plan')!
  const current = sub.items.data.map((i) => ({ price: i.price.id, quantity: i.quantity ?? 1 }))
  const seat = seatPrice(config, to.planType, to.billingFrequency)
  const next = [{ price: planPrice, quantity: 1 }]
  if (seat && row.extraSeats > 0) next.push({ price: seat, quantity: row.extraSeats })
  await callStripe(ctx, 'subscriptionSchedules.update', () =>
    stripe.subscriptionSchedules.update(scheduleId, {
      end_behavior: 'release',
      phases: [
        {
          items: current,
          start_date: planItem.current_period_start,
          end_date: planItem.current_period_end,
        },
        {
          items: next,
          duration: { interval: to.billingFrequency === 'annually' ? 'year' : 'month' },
        },
      ],
    }),
  )
  return retrieveSubscription(ctx, sub.id)
}

/** POST /subscription/cancel: with Stripe, the subscription ends at the paid period's end. */
export async function cancelPlan(ctx: SignedInContext, confirmBusinessName: string) {
  if (!ctx.config.stripe) return legacy.cancelSubscription(ctx, confirmBusinessName)
  assertPrimaryUser(ctx)
  const row = await loadBillingRow(ctx)
  if (!hasLiveSubscription(row)) return legacy.cancelSubscription(ctx, confirmBusinessName)
  await assertBusinessNameConfirmed(ctx, confirmBusinessName)
  if (row.cancelAtPeriodEnd) throw conflict(ALREADY_CANCELLED)
  const { stripe } = await stripeOf(ctx)
  const sub = await retrieveSubscription(ctx, row.stripeSubscriptionId!)
  await releaseSchedule(ctx, sub)
  const updated = await callStripe(ctx, 'subscriptions.update', () =>
    stripe.subscriptions.update(sub.id, {
      cancel_at_period_end: true,
      expand: SUBSCRIPTION_EXPAND,
    }),
  )
  await applySubscription(ctx, row.businessId, updated)
  await recordAudit(ctx, {
    action: 'subscription.cancel',
    actorId: ctx.actor.id,
    businessId: row.businessId,
    details: { planType: row.planType, from: row.status },
  })
  return legacy.getSubscription(ctx)
}

/** POST /subscription/reactivate: with Stripe, before the period ends the same subscription resumes. */
export async function reactivatePlan(ctx: SignedInContext) {
  if (!ctx.config.stripe) {
    withoutStripe(ctx)
    return legacy.reactivateSubscription(ctx)
  }
  assertPrimaryUser(ctx)
  const row = await loadBillingRow(ctx)
  if (!row.stripeSubscriptionId) return legacy.reactivateSubscription(ctx)
  if (!hasLiveSubscription(row)) throw conflict(NO_SUBSCRIPTION)
  if (!row.cancelAtPeriodEnd) throw conflict(NOT_CANCELLED)
  const { stripe } = await stripeOf(ctx)
  const updated = await callStripe(ctx, 'subscriptions.update', () =>
    stripe.subscriptions.update(row.stripeSubscriptionId!, {
      cancel_at_period_end: false,
      expand: SUBSCRIPTION_EXPAND,
    }),
  )
  await applySubscription(ctx, row.businessId, updated)
  await recordAudit(ctx, {
    action: 'subscription.reactivate',
    actorId: ctx.actor.id,
    businessId: row.businessId,
    details: { planType: row.planType, to: 'active' },
  })
  return legacy.getSubscription(ctx)
}
