/**
 * Stripe's subscription, written onto the practice's plan (docs/decisions/021-billing.md). Every
 * path that learns of a change — a webhook, or the answer to our own update — reads the
 * subscription from Stripe and writes what it says, so events arriving twice or out of order
 * always leave the latest state: the plan and billing period of its plan price, the extra seats
 * of its seat price, the period, the status, the card, and a downgrade waiting in its schedule.
 */
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import { seatLimit } from '@myodocs/shared/domain/subscription'
import type { SubscriptionStatus } from '@myodocs/shared/domain/subscription'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { revokeInvitationsBeyond } from '../team'
import { lockBillingRow, updateBillingRow } from './repository'
import type { BillingRow } from './repository'
import { callStripe, fromStripeTime, priceMeaning, stripeConfigOf, stripeOf } from './stripe'
import type { Stripe } from './stripe'

/** What a subscription is read with: the card's brand and digits, and a waiting schedule. */
export const SUBSCRIPTION_EXPAND = ['default_payment_method', 'schedule']

export async function retrieveSubscription(ctx: ServiceContext, id: string) {
  const { stripe } = await stripeOf(ctx)
  return callStripe(ctx, 'subscriptions.retrieve', () =>
    stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }),
  )
}

/** Stripe's status in ours; null where it changes nothing (Checkout not yet paid). */
function statusOf(sub: Stripe.Subscription): SubscriptionStatus | null {
  switch (sub.status) {
    case 'trialing':
      return 'trial'
    case 'active':
      return 'active'
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due'
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled'
    case 'incomplete':
      return null
  }
  // A status newer than this package's list changes nothing until we know what it means.
  return null
}

const ended = (sub: Stripe.Subscription) =>
  sub.status === 'canceled' || sub.status === 'incomplete_expired' || sub.status === 'incomplete'

type Plan = { planType: PlanType; billingFrequency: BillingFrequency }

/** The plan and extra seats of a list of Stripe items (a subscription's, or a schedule phase's). */
function planOfItems(ctx: ServiceContext, items: Array<{ price: string; quantity: number }>) {
  const config = stripeConfigOf(ctx)
  let plan: Plan | null = null
  let extraSeats = 0
  for (const item of items) {
    const meaning = priceMeaning(config, item.price)
    if (meaning?.kind === 'plan') plan = meaning
    if (meaning?.kind === 'seat') extraSeats = item.quantity
  }
  return { plan, extraSeats }
}

/** The downgrade a schedule holds for the next period, or null. */
function scheduledPlan(ctx: ServiceContext, sub: Stripe.Subscription, periodEnd: Date | null) {
  const schedule = sub.schedule
  if (!schedule || typeof schedule === 'string' || schedule.status !== 'active') return null
  const next = schedule.phases.find((p) => periodEnd && p.start_date * 1000 >= periodEnd.getTime())
  if (!next) return null
  const items = next.items.map((i) => ({
    price: typeof i.price === 'string' ? i.price : i.price.id,
    quantity: i.quantity ?? 1,
  }))
  return planOfItems(ctx, items).plan
}

function cardOf(sub: Stripe.Subscription) {
  const pm = sub.default_payment_method
  if (!pm || typeof pm === 'string' || !pm.card) return null
  return { brand: pm.card.brand, last4: pm.card.last4 }
}

/**
 * Writes `sub` onto the practice's plan, under the row's lock. A subscription that ended and is
 * not the practice's current one (an old one's late event) changes nothing. When fewer seats are
 * paid for than before, pending invitations beyond them are revoked.
 */
export async function applySubscription(
  ctx: ServiceContext,
  businessId: string,
  sub: Stripe.Subscription,
): Promise<BillingRow | undefined> {
  const items = sub.items.data.map((i) => ({ price: i.price.id, quantity: i.quantity ?? 1 }))
  const { plan, extraSeats } = planOfItems(ctx, items)
  const status = statusOf(sub)
  if (!plan || !status) {
    if (!plan)
      ctx.log.warn({ subscription: sub.id }, 'Stripe subscription has no configured plan price')
    return undefined
  }
  const planItem = sub.items.data.find(
    (i) => priceMeaning(stripeConfigOf(ctx), i.price.id)?.kind === 'plan',
  )!
  const periodStart = fromStripeTime(planItem.current_period_start)
  const periodEnd = fromStripeTime(planItem.current_period_end)
  const scheduled = scheduledPlan(ctx, sub, periodEnd)
  const card = cardOf(sub)
  const now = ctx.now()

  const result = await ctx.db.transaction(async (tx) => {
    const before = await lockBillingRow(tx, businessId)
    if (!before) return undefined
    if (before.stripeSubscriptionId && before.stripeSubscriptionId !== sub.id && ended(sub))
      return undefined
    const after = await updateBillingRow(tx, businessId, {
      stripeSubscriptionId: sub.id,
      planType: plan.planType,
      billingFrequency: plan.billingFrequency,
      status,
      extraSeats,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: sub.cancel_at_period_end && status !== 'cancelled',
      trialEnd: status === 'trial' ? fromStripeTime(sub.trial_end) : before.trialEnd,
      // The grace period runs from the first failure Stripe reported, not from each retry.
      pastDueSince: status === 'past_due' ? (before.pastDueSince ?? now) : null,
      // After the paid period: 30 days of read-only access from when Stripe ended it.
      cancelledAt: status === 'cancelled' ? (fromStripeTime(sub.ended_at) ?? now) : null,
      cancelledFromStatus: null,
      scheduledPlanType: scheduled?.planType ?? null,
      scheduledBillingFrequency: scheduled?.billingFrequency ?? null,
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
    })
    return { before, after }
  })
  if (!result) return undefined
  const { before, after } = result
  const state = (r: BillingRow) => ({
    planType: r.planType,
    billingFrequency: r.billingFrequency,
    status: r.status,
  })
  const changed =
    before.planType !== after.planType ||
    before.billingFrequency !== after.billingFrequency ||
    before.status !== after.status ||
    before.extraSeats !== after.extraSeats
  if (changed)
    await recordAudit(ctx, {
      action: 'billing.subscription_updated',
      businessId,
      details: { from: state(before), to: state(after), extraSeats: after.extraSeats },
    })
  if (changed || seatLimit(after) < seatLimit(before))
    await revokeInvitationsBeyond(ctx, businessId)
  return after
}
