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
import { z } from 'zod'
import { signedInContext } from '../../plugins/service-context'
import {
  cancelSubscription,
  changePlan,
  getSubscription,
  quotePlanChange,
  reactivateSubscription,
} from './service'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  404: ApiFailureSchema,
  409: ApiFailureSchema,
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
          'The prorated amount the change would record, shown before it is confirmed. The ' +
          'current plan again is 409.',
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
        summary: 'Change plan now (primary user); records the prorated amount owed.',
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
        description: 'Access continues for 30 days (`accessEndsAt`), then the plan is expired.',
        security: [{ csrfToken: [] }],
        body: ConfirmByBusinessNameSchema,
        response: { 200: successEnvelope(SubscriptionSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await cancelSubscription(signedInContext(req), req.body.confirmBusinessName),
    }),
  )

  r.post(
    '/reactivate',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Undo a cancellation within its 30 days of continued access (primary user).',
        security: [{ csrfToken: [] }],
        body: optionalBody(z.object({})),
        response: { 200: successEnvelope(SubscriptionSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await reactivateSubscription(signedInContext(req)),
    }),
  )
}
