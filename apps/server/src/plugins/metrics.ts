/**
 * GET /metrics: the Prometheus text exposition (lib/metrics.ts) for the operator's scraper, behind
 * the operator token like /api/admin (401 without it). Every answered request is counted here by
 * its route pattern, never its URL.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiFailureSchema } from '@myodocs/shared/contracts/envelope'
import { operatorOnly } from './admin-token'

/** The route, in its own scope for the token check; registered after the OpenAPI plugin. */
export async function metricsRoute(app: FastifyInstance) {
  app.addHook('onRequest', operatorOnly)
  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        tags: ['admin'],
        security: [{ adminToken: [] }],
        summary: 'Prometheus metrics (text exposition format) for the operator’s scraper.',
        description:
          'Requests by route pattern and status, render queue, refused renders, PDFs by kind, ' +
          'sends by provider and outcome, database errors, event-loop lag and process figures. ' +
          'No label carries a user, practice or patient value.',
        produces: ['text/plain'],
        response: { 200: z.string(), 401: ApiFailureSchema },
      },
    },
    async (_req, reply) => {
      const { contentType, body } = await app.metrics.scrape()
      return reply.type(contentType).header('cache-control', 'no-store').send(body)
    },
  )
}

/** Counts every request; registered first, so requests refused by any later hook count too. */
export const metricsPlugin = fp(async (app) => {
  app.addHook('onResponse', async (req, reply) => {
    app.metrics.request(
      req.method,
      req.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    )
  })
  const stop = app.metrics.watchRenderPool(app.renderPool)
  app.addHook('onClose', async () => stop())
})
