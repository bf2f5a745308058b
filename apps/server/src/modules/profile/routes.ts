/** PUT /api/auth/profile (packages/shared/src/api/profile.ts). */
import type { FastifyInstance } from 'fastify'
import { profileCalls } from '@myodocs/shared/api/profile'
import { route } from '../../plugins/api-route'
import { updateProfile } from './service'

export async function profileRoutes(app: FastifyInstance) {
  route(app, profileCalls.update, async (ctx, { body }) => ({
    user: await updateProfile(ctx, body),
  }))
}
