/** POST /waitlist. CSRF-exempt (constants/http.ts), 5 an hour per IP. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ApiFailureSchema } from '@myodocs/shared/contracts/envelope'
import {
  JoinWaitlistRequestSchema,
  JoinWaitlistResponseSchema,
} from '@myodocs/shared/contracts/waitlist'
import { serviceContext } from '../../plugins/service-context'
import { joinWaitlist } from './service'

export async function waitlistRoutes(app: FastifyInstance) {
  const limit = app.config.rateLimits.waitlistIp
  app.withTypeProvider<ZodTypeProvider>().post(
    '/waitlist',
    {
      config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } },
      schema: {
        tags: ['public'],
        summary: 'Join the waitlist (a repeated email answers the same, without a second entry).',
        body: JoinWaitlistRequestSchema,
        response: { 200: JoinWaitlistResponseSchema, 400: ApiFailureSchema, 429: ApiFailureSchema },
      },
    },
    async (req) => {
      const message = await joinWaitlist(serviceContext(req), req.body)
      return { success: true as const, message, data: { message } }
    },
  )
}
