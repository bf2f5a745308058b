/**
 * /api/subscription (packages/shared/src/api/subscription.ts): the plan as the app shows it;
 * changes, cancellation and reactivation go through billing, which knows Stripe.
 */
import type { FastifyInstance } from 'fastify'
import { subscriptionCalls as calls } from '@myodocs/shared/api/subscription'
import { route } from '../../plugins/api-route'
import { cancelPlan, changePlan, quotePlanChange, reactivatePlan } from '../billing'
import { getSubscription } from './service'

export async function subscriptionRoutes(app: FastifyInstance) {
  route(app, calls.get, (ctx) => getSubscription(ctx))
  route(app, calls.quote, (ctx, { query }) => quotePlanChange(ctx, query))
  route(app, calls.changePlan, (ctx, { body }) => changePlan(ctx, body))
  route(app, calls.cancel, (ctx, { body }) => cancelPlan(ctx, body.confirmBusinessName))
  route(app, calls.reactivate, (ctx) => reactivatePlan(ctx))
}
