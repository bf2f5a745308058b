/**
 * POST /api/auth/validate-invite-code (packages/shared/src/api/invite-codes.ts). Refused codes are
 * throttled per IP in the service: codes can be guessed.
 */
import type { FastifyInstance } from 'fastify'
import { inviteCodeCalls } from '@myodocs/shared/api/invite-codes'
import { route } from '../../plugins/api-route'
import { checkInviteCode } from './service'

export async function inviteCodeRoutes(app: FastifyInstance) {
  route(app, inviteCodeCalls.validate, async (ctx, { body }) => {
    await checkInviteCode(ctx, body.inviteCode)
    return { valid: true as const }
  })
}
