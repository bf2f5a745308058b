/**
 * /api/subscription: the plan as the app shows it, plan changes, cancellation and
 * reactivation. Changes are the primary user's (others 403).
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  ChangePlanRequestSchema,
  ChangePlanResultSchema,
  ConfirmByBusinessNameSchema,
  PlanChangeQuoteSchema,
  SubscriptionSchema,
} from '@myodocs/shared/contracts/subscription'
import { optionalBody } from '@myodocs/shared/contracts/auth'
import { PlanChangeRefusalSchema } from '@myodocs/shared/contracts/billing'
import { z } from 'zod'
import { signedInContext } from '../../plugins/service-context'
import { cancelPlan, changePlan, quotePlanChange, reactivatePlan } from '../billing'
import { getSubscription } from './service'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  404: ApiFailureSchema,
  409: PlanChangeRefusalSchema,
  502: ApiFailureSchema,
  503: ApiFailureSchema,
}

export async function subscriptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  r.get(
    '/',
    {
      schema: {
        tags: ['subscription'],
        summary: "The business's plan, status, this month's PDFs and limit, and trial days left.",
        description:
          'The monthly count resets at the start of each month (UTC). `status` reads `expired` ' +
          'once a trial is over or 30 days after a cancellation. Premium’s limit is 999999.',
        response: {
          200: successEnvelope(SubscriptionSchema),
          401: ApiFailureSchema,
          404: ApiFailureSchema,
        },
      },
    },
    async (req) => ({ success: true as const, data: await getSubscription(signedInContext(req)) }),
  )

  r.get(
    '/change-plan/quote',
    {
      schema: {
        tags: ['subscription'],
        summary: 'What changing plan now would cost (primary user); changes nothing.',
        description:
          'With Stripe: an upgrade is charged now, and `proratedAmountCents` is Stripe’s invoice ' +
          'preview; a downgrade waits for the period’s end (`takesEffect: period_end`) and is 409 ' +
          'with `changes` while the team does not fit; without a subscription the plan is bought ' +
          'through Checkout (`takesEffect: checkout`). Without Stripe (development) the recorded ' +
          'amount. The current plan again is 409.',
        querystring: ChangePlanRequestSchema,
        response: { 200: successEnvelope(PlanChangeQuoteSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await quotePlanChange(signedInContext(req), req.query),
    }),
  )

  r.post(
    '/change-plan',
    {
      schema: {
        tags: ['subscription'],
        summary:
          'Change plan (primary user): upgrades now, prorated by Stripe; downgrades at the period end.',
        description:
          'Without Stripe configured: recorded, nothing charged (development); 503 in production.',
        security: [{ csrfToken: [] }],
        body: ChangePlanRequestSchema,
        response: { 200: successEnvelope(ChangePlanResultSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await changePlan(signedInContext(req), req.body),
    }),
  )

  r.post(
    '/cancel',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Cancel the plan (primary user, confirmed by typing the business name).',
        description:
          'A paid subscription ends at the end of the paid period (`cancelAtPeriodEnd` in ' +
          'GET /api/billing), then 30 days of read-only access; a trial is cancelled now, with ' +
          '30 days of access (`accessEndsAt`), then the plan is expired.',
        security: [{ csrfToken: [] }],
        body: ConfirmByBusinessNameSchema,
        response: { 200: successEnvelope(SubscriptionSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await cancelPlan(signedInContext(req), req.body.confirmBusinessName),
    }),
  )

  r.post(
    '/reactivate',
    {
      schema: {
        tags: ['subscription'],
        summary:
          'Undo a cancellation (primary user): before the paid period ends the same Stripe subscription resumes; a trial within its 30 days.',
        security: [{ csrfToken: [] }],
        body: optionalBody(z.object({})),
        response: { 200: successEnvelope(SubscriptionSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await reactivatePlan(signedInContext(req)),
    }),
  )
}
