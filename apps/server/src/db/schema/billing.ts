/**
 * The practice's plan and billing (docs/decisions/021-billing.md): the subscription, Stripe's
 * events and invoices, and every plan change.
 */
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import type { SubscriptionStatus } from '@myodocs/shared/domain/subscription'
import { at, createdAt, id } from './columns'
import { businesses } from './accounts'

/** One per business. */
export const businessSubscriptions = pgTable('business_subscriptions', {
  id: id(),
  businessId: uuid('business_id')
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  planType: text('plan_type').$type<PlanType>().notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  billingFrequency: text('billing_frequency').$type<BillingFrequency>().notNull(),
  trialEnd: at('trial_end'),
  cancelledAt: at('cancelled_at'),
  /** What a cancellation interrupted (trial or active), restored by reactivation. */
  cancelledFromStatus: text('cancelled_from_status').$type<SubscriptionStatus>(),
  /** The paid billing period (null during a trial); plan changes are prorated over it. */
  currentPeriodStart: at('current_period_start'),
  currentPeriodEnd: at('current_period_end'),
  monthlyPdfGenerated: integer('monthly_pdf_generated').notNull().default(0),
  /** `YYYY-MM` the count belongs to (UTC); another month reads as 0. */
  monthlyPdfPeriod: text('monthly_pdf_period'),
  /**
   * Stripe's side (docs/decisions/021-billing.md), written from Stripe's own objects only: the
   * practice's customer, its subscription, the seats bought beyond the plan's, whether it ends at
   * the period's end, since when a renewal is unpaid, the card's brand and last four digits, and a
   * downgrade scheduled for the period's end.
   */
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  extraSeats: integer('extra_seats').notNull().default(0),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  pastDueSince: at('past_due_since'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  scheduledPlanType: text('scheduled_plan_type').$type<PlanType>(),
  scheduledBillingFrequency: text('scheduled_billing_frequency').$type<BillingFrequency>(),
  createdAt: createdAt(),
})

/** Stripe events already applied, by Stripe's event id: a redelivered event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
})

/** The practice's Stripe invoices as Stripe last reported them (amounts in US cents). */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    url: text('url'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('billing_invoices_business_idx').on(t.businessId, t.createdAt)],
)

/** Every plan change with the prorated amount owed (collected once billing arrives). */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id'),
    fromPlan: text('from_plan').$type<PlanType>().notNull(),
    toPlan: text('to_plan').$type<PlanType>().notNull(),
    fromBilling: text('from_billing').$type<BillingFrequency>().notNull(),
    toBilling: text('to_billing').$type<BillingFrequency>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    at: createdAt(),
  },
  (t) => [index('subscription_changes_business_idx').on(t.businessId, t.at)],
)
