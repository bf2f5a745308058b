/** The operator API under /api/admin (bearer ADMIN_TOKEN). `npm run admin` is its CLI client. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { successEnvelope } from '@myodocs/shared/contracts/envelope'
import { requireAdminToken } from './admin-auth'

export async function adminRoutes(app: FastifyInstance) {
  requireAdminToken(app)
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/ping',
    {
      schema: {
        tags: ['admin'],
        security: [{ adminToken: [] }],
        summary: 'Checks the operator token.',
        response: {
          200: successEnvelope(z.object({ pong: z.literal(true), database: z.string() })),
        },
      },
    },
    async () => ({
      success: true as const,
      data: { pong: true as const, database: app.database.kind },
    }),
  )
}
