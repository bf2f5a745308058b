/**
 * Health, readiness, the CSRF token and the SPA's public configuration
 * (packages/shared/src/api/system.ts).
 */
import type { FastifyInstance } from 'fastify'
import { systemCalls as calls } from '@myodocs/shared/api/system'
import { DATABASE_UNREACHABLE } from '@myodocs/shared/constants/messages'
import { AppError } from '../../lib/errors'
import { route } from '../../plugins/api-route'

const READY_TIMEOUT_MS = 2_000

export async function systemRoutes(app: FastifyInstance) {
  route(app, calls.health, () => ({ status: 'ok' as const, version: app.config.version }))

  route(app, calls.ready, async () => {
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
    return { status: 'ready' as const, database: app.database.kind }
  })

  route(app, calls.csrfToken, (_ctx, _input, _req, reply) => {
    const csrfToken = reply.generateCsrf()
    reply.header('cache-control', 'no-store')
    return { success: true as const, data: { csrfToken }, csrfToken }
  })

  route(app, calls.config, () => ({
    supportEmail: app.config.supportEmail,
    version: app.config.version,
  }))
}
