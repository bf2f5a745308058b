/**
 * GET /analytics/usage: the Analytics page's figures; GET /analytics/alerts and their dismissal: the
 * in-app usage alerts (docs/product/analytics.md).
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AnalyticsUsageQuerySchema,
  AnalyticsUsageSchema,
  UsageAlertParamsSchema,
  UsageAlertsSchema,
} from '@myodocs/shared/contracts/analytics'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { signedInContext } from '../../plugins/service-context'
import { dismissUsageAlert, usageAlertsFor, usageAnalytics } from './service'

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  r.get(
    '/usage',
    {
      schema: {
        tags: ['analytics'],
        summary: 'PDFs and emails over a date range, against the plan.',
        description:
          'PDFs generated per month (every month of the range, with the plan’s monthly limit), ' +
          'per document type and per team member; emails sent per week (Monday, UTC) by status; ' +
          'days left in the trial. `from` and `to` are UTC days, both included (default: the ' +
          'last six calendar months to today; at most 732 days). The primary user reads the ' +
          'whole business; a member reads only their own figures. Aggregated in the database: ' +
          'no event is ever returned one by one.',
        querystring: AnalyticsUsageQuerySchema,
        response: {
          200: successEnvelope(AnalyticsUsageSchema),
          400: ApiFailureSchema,
          401: ApiFailureSchema,
          404: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await usageAnalytics(signedInContext(req), req.query),
    }),
  )

  r.get(
    '/alerts',
    {
      schema: {
        tags: ['analytics'],
        summary: 'This month’s usage alerts for the caller, with their dismissals.',
        description:
          'The usage alerts raised this month (UTC) at 80 % and 100 % of the monthly PDF limit: ' +
          'the business’s, and on a per-user allowance the caller’s own. `dismissed` is the ' +
          'caller’s own dismissal.',
        response: {
          200: successEnvelope(UsageAlertsSchema),
          401: ApiFailureSchema,
        },
      },
    },
    async (req) => ({ success: true as const, data: await usageAlertsFor(signedInContext(req)) }),
  )

  r.post(
    '/alerts/:alertId/dismiss',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Dismiss a usage alert for the caller, on every device.',
        security: [{ csrfToken: [] }],
        params: UsageAlertParamsSchema,
        response: {
          200: successEnvelope(UsageAlertParamsSchema),
          400: ApiFailureSchema,
          401: ApiFailureSchema,
          404: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      await dismissUsageAlert(signedInContext(req), req.params.alertId)
      return { success: true as const, data: { alertId: req.params.alertId } }
    },
  )
}
