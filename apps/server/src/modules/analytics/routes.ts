/** GET /analytics/usage: the Analytics page's figures (docs/product/analytics.md). */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AnalyticsUsageQuerySchema,
  AnalyticsUsageSchema,
} from '@myodocs/shared/contracts/analytics'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { signedInContext } from '../../plugins/service-context'
import { usageAnalytics } from './service'

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
}
