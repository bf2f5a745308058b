/** POST /api/contact (packages/shared/src/api/contact.ts): CSRF-exempt, limited per IP. */
import type { FastifyInstance } from 'fastify'
import { contactCalls } from '@myodocs/shared/api/contact'
import { route } from '../../plugins/api-route'
import { sendContactMessage } from './service'

export async function contactRoutes(app: FastifyInstance) {
  route(app, contactCalls.send, async (ctx, { body }) => {
    await sendContactMessage(ctx, body)
    return { sent: true as const }
  })
}
