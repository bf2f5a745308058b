/** PUT /auth/profile and POST /auth/change-password (SPEC §7; settings, profile tab). */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ChangePasswordRequestSchema,
  ProfileUpdateRequestSchema,
  UserEnvelopeSchema,
} from '@myodocs/shared/contracts/auth'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { requireUser } from '../../plugins/auth'
import { changePassword, updateProfile } from './profile'

const failures = { 400: ApiFailureSchema, 401: ApiFailureSchema, 429: ApiFailureSchema }

export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.put(
    '/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Update your first and last name, title and phone. Answers `{ user }`.',
        security: [{ csrfToken: [] }],
        body: ProfileUpdateRequestSchema,
        response: { 200: successEnvelope(UserEnvelopeSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: { user: await updateProfile(app, req, requireUser(req), req.body) },
    }),
  )

  r.post(
    '/change-password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change your password: the current one, then a new one (policy, not the last 5).',
        description:
          'A wrong current password is 400 on `currentPassword` (5 per 15 minutes, then 429). ' +
          "Ends the user's other sessions; this one stays signed in.",
        security: [{ csrfToken: [] }],
        body: ChangePasswordRequestSchema,
        response: { 200: successEnvelope(z.object({ changed: z.literal(true) })), ...failures },
      },
    },
    async (req) => {
      await changePassword(app, req, requireUser(req), req.body)
      return { success: true as const, data: { changed: true as const } }
    },
  )
}
