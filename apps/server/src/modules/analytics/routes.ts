/** /api/analytics (packages/shared/src/api/analytics.ts; docs/product/analytics.md). */
import type { FastifyInstance } from 'fastify'
import { analyticsCalls as calls } from '@myodocs/shared/api/analytics'
import { route } from '../../plugins/api-route'
import { dismissUsageAlert, usageAlertsFor, usageAnalytics } from './service'

export async function analyticsRoutes(app: FastifyInstance) {
  route(app, calls.usage, (ctx, { query }) => usageAnalytics(ctx, query))
  route(app, calls.alerts, (ctx) => usageAlertsFor(ctx))
  route(app, calls.dismissAlert, async (ctx, { params }) => {
    await dismissUsageAlert(ctx, params.alertId)
    return { alertId: params.alertId }
  })
}
