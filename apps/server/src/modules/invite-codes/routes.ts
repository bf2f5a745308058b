/** POST /auth/validate-invite-code. Throttled per IP: codes can be guessed. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  InviteCodeValidSchema,
  ValidateInviteCodeRequestSchema,
} from '@myodocs/shared/contracts/auth'
import { serviceContext } from '../../plugins/service-context'
import { assertInviteCodeUsable } from './service'

export async function inviteCodeRoutes(app: FastifyInstance) {
  const limit = app.config.rateLimits.inviteCodeIp
  app.withTypeProvider<ZodTypeProvider>().post(
    '/auth/validate-invite-code',
    {
      config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } },
      schema: {
        tags: ['auth'],
        summary: 'Check an invite code before registration (case-insensitive; nothing is used up).',
        body: ValidateInviteCodeRequestSchema,
        response: {
          200: successEnvelope(InviteCodeValidSchema),
          400: ApiFailureSchema,
          429: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      await assertInviteCodeUsable(serviceContext(req), req.body.inviteCode)
      return { success: true as const, data: { valid: true as const } }
    },
  )
}
