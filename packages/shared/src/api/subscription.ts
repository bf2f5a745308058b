/**
 * /api/subscription: the plan as the app shows it, plan changes, cancellation and reactivation
 * (docs/product/plans.md). Changes are the account holder's.
 */
import { z } from 'zod'
import { optionalBody } from '../contracts/auth'
import { PlanChangeRefusalSchema } from '../contracts/billing'
import {
  ChangePlanRequestSchema,
  ChangePlanResultSchema,
  ConfirmByBusinessNameSchema,
  PlanChangeQuoteSchema,
  SubscriptionSchema,
} from '../contracts/subscription'
import { apiCall } from './define'

const tags = ['subscription']
const failures = [400, 401, 403, 404, 409, 502, 503] as const
// A refused downgrade says what to change first (`changes`).
const failureAnswers = { 409: PlanChangeRefusalSchema }

/** The subscription calls. */
export const subscriptionCalls = {
  get: apiCall({
    method: 'GET',
    path: '/api/subscription',
    access: 'signedIn',
    tags,
    summary: "The business's plan, status, this month's PDFs and limit, and trial days left.",
    description:
      'The monthly count resets at the start of each month (UTC). `status` reads `expired` ' +
      'once a trial is over or 30 days after a cancellation. Premium’s limit is 999999.',
    answer: SubscriptionSchema,
    failures: [401, 404],
  }),
  quote: apiCall({
    method: 'GET',
    path: '/api/subscription/change-plan/quote',
    access: 'primaryUser',
    tags,
    summary: 'What changing plan now would cost (primary user); changes nothing.',
    description:
      'With Stripe: an upgrade is charged now, and `proratedAmountCents` is Stripe’s invoice ' +
      'preview; a downgrade waits for the period’s end (`takesEffect: period_end`) and is 409 ' +
      'with `changes` while the team does not fit; without a subscription the plan is bought ' +
      'through Checkout (`takesEffect: checkout`). Without Stripe (development) the recorded ' +
      'amount. The current plan again is 409.',
    query: ChangePlanRequestSchema,
    answer: PlanChangeQuoteSchema,
    failures,
    failureAnswers,
  }),
  changePlan: apiCall({
    method: 'POST',
    path: '/api/subscription/change-plan',
    access: 'primaryUser',
    tags,
    summary:
      'Change plan (primary user): upgrades now, prorated by Stripe; downgrades at the period end.',
    description:
      'Without Stripe configured: recorded, nothing charged (development); 503 in production.',
    body: ChangePlanRequestSchema,
    answer: ChangePlanResultSchema,
    failures,
    failureAnswers,
  }),
  cancel: apiCall({
    method: 'POST',
    path: '/api/subscription/cancel',
    access: 'primaryUser',
    tags,
    summary: 'Cancel the plan (primary user, confirmed by typing the business name).',
    description:
      'A paid subscription ends at the end of the paid period (`cancelAtPeriodEnd` in ' +
      'GET /api/billing), then 30 days of read-only access; a trial is cancelled now, with ' +
      '30 days of access (`accessEndsAt`), then the plan is expired.',
    body: ConfirmByBusinessNameSchema,
    answer: SubscriptionSchema,
    failures,
    failureAnswers,
  }),
  reactivate: apiCall({
    method: 'POST',
    path: '/api/subscription/reactivate',
    access: 'primaryUser',
    tags,
    summary:
      'Undo a cancellation (primary user): before the paid period ends the same Stripe subscription resumes; a trial within its 30 days.',
    body: optionalBody(z.object({})),
    answer: SubscriptionSchema,
    failures,
    failureAnswers,
  }),
}
