/**
 * Billing calls (docs/product/plans.md#billing): Stripe Checkout to subscribe, the customer
 * portal for cards and receipts, what Settings › Plan & Billing shows, and extra seats. Stripe's
 * webhooks are the source of truth; these are the wire shapes and texts.
 */
import { z } from 'zod'
import { BILLING_FREQUENCIES, PLAN_TYPES } from '../constants/plans'
import { SUBSCRIPTION_STATUSES } from '../domain/subscription'
import { ApiFailureSchema } from './envelope'

/** POST /api/billing/checkout: the plan to subscribe to through Stripe Checkout. */
export const CheckoutRequestSchema = z.object({
  planType: z.enum(PLAN_TYPES, { error: 'Choose a plan' }),
  billingFrequency: z.enum(BILLING_FREQUENCIES, { error: 'Choose monthly or annual billing' }),
})
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>

/** POST /api/billing/checkout and /portal → data: the Stripe page to send the browser to. */
export const BillingRedirectSchema = z.object({ url: z.string() })

/** POST /api/billing/seats: how many seats beyond the plan's own the practice pays for. */
export const SeatsRequestSchema = z.object({
  extra: z
    .number({ error: 'Enter a number of seats' })
    .int({ error: 'Enter a whole number of seats' })
    .min(0, { error: 'Enter 0 or more seats' })
    .max(100, { error: 'Enter at most 100 extra seats' }),
})

export const BillingInvoiceSchema = z.object({
  id: z.string(),
  /** When Stripe created it (ISO). */
  date: z.string(),
  /** Paid, or due when not paid, in US cents. */
  amountCents: z.number().int(),
  /** Stripe's invoice status: paid, open, void, uncollectible. */
  status: z.string(),
  /** Stripe's hosted invoice page (receipt and PDF), or null when Stripe gave none. */
  url: z.string().nullable(),
})

/** GET /api/billing → data. */
export const BillingSchema = z.object({
  /** Whether the server can take payments (Stripe configured). */
  paymentsConfigured: z.boolean(),
  planType: z.enum(PLAN_TYPES),
  billingFrequency: z.enum(BILLING_FREQUENCIES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** End of the paid (or trial) period; null before a first subscription. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  seats: z.object({
    /** Seats the plan includes, the account holder counted. */
    included: z.number().int(),
    /** Seats bought beyond them. */
    extra: z.number().int(),
    /** Active members plus pending invitations. */
    used: z.number().int(),
  }),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  invoices: z.array(BillingInvoiceSchema),
  /** Stripe's preview of the next charge and when; null when none is coming. */
  nextCharge: z.object({ amountCents: z.number().int(), date: z.string() }).nullable(),
  /** A downgrade waiting for the end of the period, or null. */
  scheduledChange: z
    .object({
      planType: z.enum(PLAN_TYPES),
      billingFrequency: z.enum(BILLING_FREQUENCIES),
      date: z.string(),
    })
    .nullable(),
  /** While past due: when documents stop unless the card is fixed. */
  graceEndsAt: z.string().nullable(),
  /** Whether the practice has a Stripe customer (the portal is offered). */
  hasCustomer: z.boolean(),
  /** Whether Stripe runs a subscription for the practice now (plan changes and seats go through it). */
  subscribed: z.boolean(),
  /** Whether a cancellation can still be undone (before the paid period ends, or a trial's 30 days). */
  canReactivate: z.boolean(),
})
export type Billing = z.infer<typeof BillingSchema>

/** A plan change refused (409): the failure, with what to change first when the team does not fit. */
export const PlanChangeRefusalSchema = ApiFailureSchema.extend({
  changes: z.array(z.string()).optional(),
})

/** Texts of billing, typed once. */
export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not set up on this server yet, so plans cannot be changed. Contact support.'
export const PAYMENTS_NOT_SET_UP_NOTICE =
  'Payments are not set up on this server: plan changes are recorded but nothing is charged.'
export const PAYMENT_PROVIDER_UNAVAILABLE =
  'The payment service could not be reached. Please try again in a moment.'
export const ALREADY_SUBSCRIBED =
  'Your practice already has a subscription. Change plan or manage billing instead.'
export const NO_BILLING_ACCOUNT =
  'Your practice has no billing account yet. Subscribe to a plan first.'
export const NO_SUBSCRIPTION =
  'Your practice has no paid subscription yet. Subscribe to a plan first.'
/** A change that would start after a plan that ends at the period's end. */
export const REACTIVATE_BEFORE_CHANGE =
  'Your plan ends at the end of this period. Reactivate it first to switch to a smaller plan or to monthly billing.'
export const SEATS_NOT_ON_PLAN = 'Extra seats are offered on Professional and Premium.'
export const SEATS_NOT_ON_BILLING =
  'Extra seats are not offered with annual billing on this server. Switch to monthly billing to add seats.'
export const SEATS_STILL_USED = (used: number, seats: number) =>
  `${used} seats are in use (members and pending invitations), more than ${seats}. Remove a member or an invitation first.`
export const WEBHOOK_SIGNATURE_INVALID = 'Invalid signature'
export const PAYMENT_FAILED_TITLE = 'We could not collect your last payment'
export const paymentGraceMessage = (date: string) =>
  `Documents keep working until ${date}. Update your card to keep your plan.`
export const PAYMENT_GRACE_OVER =
  'Documents are paused until the payment goes through. Update your card to resume.'
