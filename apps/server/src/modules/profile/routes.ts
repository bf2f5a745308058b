/** PUT /api/auth/profile: the settings' profile tab. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ProfileUpdateRequestSchema, UserEnvelopeSchema } from '@myodocs/shared/contracts/auth'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { signedInContext } from '../../plugins/service-context'
import { updateProfile } from './service'

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
      data: { user: await updateProfile(signedInContext(req), req.body) },
    }),
  )
}
