/**
 * Billing for the account holder (docs/product/plans.md#billing): subscribing through Stripe
 * Checkout (the card is typed on Stripe's page, never ours), the customer portal for cards and
 * receipts, what Settings › Plan & Billing shows, and extra seats as a quantity of the
 * subscription. Only the practice's name and the account holder's email go to Stripe.
 */
import { PLANS } from '@myodocs/shared/constants/plans'
import type { Billing, CheckoutRequest } from '@myodocs/shared/contracts/billing'
import {
  ALREADY_SUBSCRIBED,
  NO_BILLING_ACCOUNT,
  NO_SUBSCRIPTION,
  SEATS_NOT_ON_BILLING,
  SEATS_NOT_ON_PLAN,
  SEATS_STILL_USED,
} from '@myodocs/shared/contracts/billing'
import { SUBSCRIPTION_NOT_FOUND } from '@myodocs/shared/contracts/subscription'
import { effectiveStatus, graceEndsAt } from '@myodocs/shared/domain/subscription'
import { conflict, notFound } from '../../lib/errors'
import { assertPrimaryUser } from '../../lib/service-context'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { businessName } from '../business'
import { userById } from '../profile'
import { seatsInUse } from '../team'
import { claimCustomer, findBillingRow, invoicesOf } from './repository'
import type { BillingRow } from './repository'
import { callStripe, seatPrice, stripeOf } from './stripe'
import { applySubscription, retrieveSubscription, SUBSCRIPTION_EXPAND } from './sync'

/** Stripe requires a trial carried into Checkout to end at least 48 hours from now. */
const MIN_TRIAL_CARRIED_MS = 48 * 3600_000

export async function loadBillingRow(ctx: SignedInContext) {
  const row = await findBillingRow(ctx.db, ctx.actor.businessId)
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND)
  return row
}

/** A subscription Stripe still runs (not ended): plan changes go through it. */
export const hasLiveSubscription = (row: BillingRow) =>
  Boolean(row.stripeSubscriptionId) && row.status !== 'cancelled' && row.status !== 'expired'

const settingsUrl = (ctx: ServiceContext, query = '') =>
  `${ctx.config.publicUrl}/app/settings?tab=billing${query}`

/** GET /billing (account holder). */
export async function getBilling(ctx: SignedInContext): Promise<Billing> {
  assertPrimaryUser(ctx)
  const row = await loadBillingRow(ctx)
  const now = ctx.now()
  const [used, invoices] = await Promise.all([
    seatsInUse(ctx, row.businessId),
    invoicesOf(ctx.db, row.businessId),
  ])
  const status = effectiveStatus(row, now)
  const subscribed = ctx.config.stripe !== null && hasLiveSubscription(row)
  const scheduled =
    row.scheduledPlanType && row.scheduledBillingFrequency && row.currentPeriodEnd
      ? {
          planType: row.scheduledPlanType,
          billingFrequency: row.scheduledBillingFrequency,
          date: row.currentPeriodEnd.toISOString(),
        }
      : null
  return {
    paymentsConfigured: ctx.config.stripe !== null,
    planType: row.planType,
    billingFrequency: row.billingFrequency,
    status,
    currentPeriodEnd: (row.currentPeriodEnd ?? row.trialEnd)?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    seats: {
      included: PLANS[row.planType].teamMemberLimit,
      extra: row.extraSeats,
      used,
    },
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    invoices: invoices.map((i) => ({
      id: i.id,
      date: i.createdAt.toISOString(),
      amountCents: i.amountCents,
      status: i.status,
      url: i.url,
    })),
    nextCharge: await nextCharge(ctx, row),
    scheduledChange: scheduled,
    graceEndsAt: graceEndsAt(row)?.toISOString() ?? null,
    hasCustomer: Boolean(row.stripeCustomerId),
    subscribed,
    canReactivate: subscribed
      ? row.cancelAtPeriodEnd
      : status === 'cancelled' && (!ctx.config.stripe || !row.stripeSubscriptionId),
  }
}

/** Stripe's own preview of the next renewal; null when none is coming or Stripe is away. */
async function nextCharge(ctx: ServiceContext, row: BillingRow) {
  if (!ctx.config.stripe || !hasLiveSubscription(row) || row.cancelAtPeriodEnd) return null
  const { stripe } = await stripeOf(ctx)
  try {
    const preview = await stripe.invoices.createPreview({
      customer: row.stripeCustomerId!,
      subscription: row.stripeSubscriptionId!,
    })
    const at = preview.next_payment_attempt ?? preview.period_start
    return { amountCents: preview.amount_due, date: new Date(at * 1000).toISOString() }
  } catch (err) {
    ctx.log.warn(
      { stripe: { type: (err as { type?: string }).type } },
      'next charge preview failed',
    )
    return null
  }
}

/** The practice's Stripe customer, created once (name and the account holder's email only). */
async function customerFor(ctx: SignedInContext, row: BillingRow) {
  if (row.stripeCustomerId) return row.stripeCustomerId
  const { stripe } = await stripeOf(ctx)
  const [name, holder] = await Promise.all([
    businessName(ctx, row.businessId),
    userById(ctx, ctx.actor.id),
  ])
  const customer = await callStripe(ctx, 'customers.create', () =>
    stripe.customers.create(
      { name: name ?? undefined, email: holder?.email, metadata: { businessId: row.businessId } },
      { idempotencyKey: `customer-${row.businessId}` },
    ),
  )
  return (await claimCustomer(ctx.db, row.businessId, customer.id)) ?? customer.id
}

/**
 * POST /billing/checkout: a Stripe Checkout page for the plan. Days left of the free trial are
 * carried into the subscription, so subscribing early costs nothing until the trial ends.
 */
export async function createCheckout(ctx: SignedInContext, body: CheckoutRequest) {
  assertPrimaryUser(ctx)
  const { stripe, config } = await stripeOf(ctx)
  const row = await loadBillingRow(ctx)
  if (hasLiveSubscription(row)) throw conflict(ALREADY_SUBSCRIBED)
  const customer = await customerFor(ctx, row)
  const now = ctx.now()
  const trialEnd =
    row.status === 'trial' &&
    row.trialEnd &&
    row.trialEnd.getTime() - now.getTime() > MIN_TRIAL_CARRIED_MS
      ? Math.floor(row.trialEnd.getTime() / 1000)
      : undefined
  const session = await callStripe(ctx, 'checkout.sessions.create', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: row.businessId,
      line_items: [{ price: config.prices[body.planType][body.billingFrequency], quantity: 1 }],
      subscription_data: { metadata: { businessId: row.businessId }, trial_end: trialEnd },
      metadata: { businessId: row.businessId },
      success_url: settingsUrl(ctx, '&checkout=success'),
      cancel_url: settingsUrl(ctx, '&checkout=cancelled'),
    }),
  )
  await recordAudit(ctx, {
    action: 'billing.checkout',
    actorId: ctx.actor.id,
    businessId: row.businessId,
    details: { planType: body.planType, billingFrequency: body.billingFrequency },
  })
  return { url: session.url! }
}

/** POST /billing/portal: Stripe's customer portal (cards, invoices, receipts). */
export async function createPortal(ctx: SignedInContext) {
  assertPrimaryUser(ctx)
  const { stripe } = await stripeOf(ctx)
  const row = await loadBillingRow(ctx)
  if (!row.stripeCustomerId) throw conflict(NO_BILLING_ACCOUNT)
  const session = await callStripe(ctx, 'billingPortal.sessions.create', () =>
    stripe.billingPortal.sessions.create({
      customer: row.stripeCustomerId!,
      return_url: settingsUrl(ctx),
    }),
  )
  return { url: session.url }
}

/**
 * POST /billing/seats: the extra seats paid for, as the quantity of the plan's seat price. More
 * seats are invoiced now, prorated by Stripe; fewer are credited on the next invoice, and only
 * while the members and pending invitations still fit.
 */
export async function setExtraSeats(ctx: SignedInContext, extra: number) {
  assertPrimaryUser(ctx)
  const { stripe, config } = await stripeOf(ctx)
  const row = await loadBillingRow(ctx)
  if (!hasLiveSubscription(row)) throw conflict(NO_SUBSCRIPTION)
  const plan = PLANS[row.planType]
  if (!plan.additionalTeamMemberPrice) throw conflict(SEATS_NOT_ON_PLAN)
  const price = seatPrice(config, row.planType, row.billingFrequency)
  if (!price) throw conflict(SEATS_NOT_ON_BILLING)
  const used = await seatsInUse(ctx, row.businessId)
  if (used > plan.teamMemberLimit + extra)
    throw conflict(SEATS_STILL_USED(used, plan.teamMemberLimit + extra))
  if (extra === row.extraSeats) return getBilling(ctx)

  const sub = await retrieveSubscription(ctx, row.stripeSubscriptionId!)
  const seatItem = sub.items.data.find((i) => i.price.id === price)
  const items = seatItem
    ? [extra > 0 ? { id: seatItem.id, quantity: extra } : { id: seatItem.id, deleted: true }]
    : [{ price, quantity: extra }]
  const updated = await callStripe(ctx, 'subscriptions.update', () =>
    stripe.subscriptions.update(sub.id, {
      items,
      proration_behavior: extra > row.extraSeats ? 'always_invoice' : 'create_prorations',
      expand: SUBSCRIPTION_EXPAND,
    }),
  )
  await applySubscription(ctx, row.businessId, updated)
  await recordAudit(ctx, {
    action: 'billing.seats',
    actorId: ctx.actor.id,
    businessId: row.businessId,
    details: { extraSeats: extra },
  })
  return getBilling(ctx)
}
