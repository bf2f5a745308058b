/** Health, readiness, the CSRF token and the SPA's public configuration. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DATABASE_UNREACHABLE } from '@myodocs/shared/constants/messages'
import { successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  CsrfTokenSchema,
  HealthSchema,
  PublicConfigSchema,
  ReadySchema,
} from '@myodocs/shared/contracts/health'
import { AppError } from '../../lib/errors'

const READY_TIMEOUT_MS = 2_000

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers.',
        response: { 200: successEnvelope(HealthSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { status: 'ok' as const, version: app.config.version },
    }),
  )

  r.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers (503 when it cannot).',
        response: { 200: successEnvelope(ReadySchema) },
      },
    },
    async () => {
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS)
          }),
        ])
      } catch (err) {
        throw new AppError('SERVICE_UNAVAILABLE', DATABASE_UNREACHABLE, 503, undefined, {
          cause: err,
        })
      } finally {
        clearTimeout(timer)
      }
      return {
        success: true as const,
        data: { status: 'ready' as const, database: app.database.kind },
      }
    },
  )

  r.get(
    '/csrf-token',
    {
      schema: {
        tags: ['system'],
        summary: 'A CSRF token for the x-csrf-token header (also sets its secret cookie).',
        description: 'The token is at the top level (`csrfToken`) and in `data`.',
        response: {
          200: successEnvelope(CsrfTokenSchema).extend({ csrfToken: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      const csrfToken = reply.generateCsrf()
      reply.header('cache-control', 'no-store')
      return { success: true as const, data: { csrfToken }, csrfToken }
    },
  )

  r.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public, non-secret configuration for the web app (support address, version).',
        response: { 200: successEnvelope(PublicConfigSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { supportEmail: app.config.supportEmail, version: app.config.version },
    }),
  )
}
