/** POST /api/contact. CSRF-exempt (constants/http.ts), rate-limited per IP. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ContactRequestSchema } from '@myodocs/shared/contracts/contact'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { serviceContext } from '../../plugins/service-context'
import { sendContactMessage } from './service'

export async function contactRoutes(app: FastifyInstance) {
  const limit = app.config.rateLimits.contact
  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact',
    {
      config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } },
      schema: {
        tags: ['public'],
        summary: 'Send a message to support.',
        body: ContactRequestSchema,
        response: {
          200: successEnvelope(z.object({ sent: z.literal(true) })),
          400: ApiFailureSchema,
          429: ApiFailureSchema,
          502: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      await sendContactMessage(serviceContext(req), req.body)
      return { success: true as const, data: { sent: true as const } }
    },
  )
}
