/**
 * Builds a service's context from the request: the app's database, clock, configuration and
 * mailer, the request's log and origin, and the signed-in user once `app.authenticate` ran.
 *
 *   r.get('/things', { preHandler: app.authenticate, schema }, async (req) =>
 *     ({ success: true as const, data: await listThings(signedInContext(req)) }))
 */
import type { FastifyRequest } from 'fastify'
import { AUTHENTICATION_REQUIRED } from '@myodocs/shared/constants/messages'
import { AppError } from '../lib/errors'
import type { Origin, ServiceContext, SignedInContext } from '../lib/service-context'

/** User agents are cut at 500 characters: the audit trail keeps them. */
const USER_AGENT_MAX = 500

export function requestOrigin(req: FastifyRequest): Origin {
  return { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null }
}

export function serviceContext(req: FastifyRequest): ServiceContext {
  const app = req.server
  return {
    db: app.db,
    now: app.now,
    log: req.log,
    config: app.config,
    mailer: app.mailer,
    origin: requestOrigin(req),
    actor: req.user,
    metrics: app.metrics,
  }
}

/** The context of a route guarded by `app.authenticate`: its actor is never null. */
export function signedInContext(req: FastifyRequest): SignedInContext {
  if (!req.user) throw new AppError('UNAUTHORIZED', AUTHENTICATION_REQUIRED, 401)
  return { ...serviceContext(req), actor: req.user }
}
