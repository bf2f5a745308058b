/** POST /api/waitlist (packages/shared/src/api/waitlist.ts): CSRF-exempt, limited per IP. */
import type { FastifyInstance } from 'fastify'
import { waitlistCalls } from '@myodocs/shared/api/waitlist'
import { route } from '../../plugins/api-route'
import { joinWaitlist } from './service'

export async function waitlistRoutes(app: FastifyInstance) {
  route(app, waitlistCalls.join, async (ctx, { body }) => {
    const message = await joinWaitlist(ctx, body)
    return { success: true as const, message, data: { message } }
  })
}
