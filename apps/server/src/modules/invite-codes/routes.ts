/** POST /auth/validate-invite-code. Throttled per IP on refused codes: codes can be guessed. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  InviteCodeValidSchema,
  ValidateInviteCodeRequestSchema,
} from '@myodocs/shared/contracts/auth'
import { serviceContext } from '../../plugins/service-context'
import { checkInviteCode } from './service'

export async function inviteCodeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/auth/validate-invite-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check an invite code before registration (case-insensitive; nothing is used up).',
        description:
          'Refused checks are limited per IP (10 per 15 minutes); a valid code does not count. ' +
          'Past the limit: 429 RATE_LIMITED with Retry-After and a message giving the minutes to wait.',
        body: ValidateInviteCodeRequestSchema,
        response: {
          200: successEnvelope(InviteCodeValidSchema),
          400: ApiFailureSchema,
          429: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      await checkInviteCode(serviceContext(req), req.body.inviteCode)
      return { success: true as const, data: { valid: true as const } }
    },
  )
}
