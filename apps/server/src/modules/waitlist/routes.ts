/** POST /waitlist (SPEC §7). CSRF-exempt, 5 an hour per IP. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ApiFailureSchema } from '@myodocs/shared/contracts/envelope'
import {
  JoinWaitlistRequestSchema,
  JoinWaitlistResponseSchema,
} from '@myodocs/shared/contracts/waitlist'
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
      const message = await joinWaitlist(app, req.log, req.body)
      return { success: true as const, message, data: { message } }
    },
  )
}
