/**
 * The auth guard for every module that needs a signed-in user (docs/decisions/003-sessions.md).
 *
 *   // one route
 *   r.get('/things', { preHandler: app.authenticate, schema }, async (req) => {
 *     const user = requireUser(req)          // AuthUser, never null here
 *     return listThings(app.db, user.businessId)
 *   })
 *   // or every route of a module
 *   app.addHook('preHandler', app.authenticate)
 *
 * Without a valid access cookie → 401 UNAUTHORIZED; lapsed access token → 401 TOKEN_EXPIRED (the
 * browser refreshes and retries); ended session (sign-out, idle 4 h, 12 h, password reset,
 * deactivated user) → 401 SESSION_EXPIRED. CSRF is checked before this (onRequest).
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { AUTHENTICATION_REQUIRED } from '@myodocs/shared/constants/messages'
import { AppError } from '../lib/errors'
import { authenticateRequest } from '../modules/auth/sessions'
import type { AuthUser } from '../modules/auth/sessions'

export type { AuthUser }

export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null)
  app.decorate('authenticate', async (req: FastifyRequest) => {
    req.user = await authenticateRequest(app, req)
  })
})

/** The signed-in user of a route guarded by `app.authenticate`. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('UNAUTHORIZED', AUTHENTICATION_REQUIRED, 401)
  return req.user
}
