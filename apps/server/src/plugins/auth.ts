/**
 * The auth guard for every module that needs a signed-in user (docs/decisions/003-sessions.md).
 *
 *   // one route
 *   r.get('/things', { preHandler: app.authenticate, schema }, async (req) =>
 *     ({ success: true as const, data: await listThings(signedInContext(req)) }))
 *   // or every route of a module
 *   app.addHook('preHandler', app.authenticate)
 *
 * Without a valid access cookie → 401 UNAUTHORIZED; lapsed access token → 401 TOKEN_EXPIRED (the
 * browser refreshes and retries); ended session (sign-out, idle 4 h, 12 h, password reset,
 * deactivated user) → 401 SESSION_EXPIRED, or ACCOUNT_DEACTIVATED for a deactivated user. CSRF is checked before this (onRequest).
 * GET /auth/me, the browser's keep-alive, runs its own guard (the session and the user in one
 * statement: modules/sessions/service.ts, `me`). `app.identify` is the same lookup for routes
 * anyone may call that answer more to a signed-in user: it sets `req.user` when the session is
 * valid and leaves it null otherwise. A session the practice's two-step requirement holds back
 * (the user has no second step yet) reaches only the routes marked `allowDuringTwoStepEnrolment`;
 * every other answers 403 TWO_STEP_REQUIRED.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { TWO_STEP_ENROLMENT_REQUIRED } from '@myodocs/shared/constants/two-step-messages'
import { AppError } from '../lib/errors'
import type { ResolvedConfig } from '../lib/secrets'
import { authenticate } from '../modules/sessions'
import { serviceContext } from './service-context'
import { accessCookieName } from './session-cookies'

export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null)
  const lookup = (req: FastifyRequest) =>
    authenticate(serviceContext(req), req.cookies[accessCookieName(app.config)])
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const actor = await lookup(req)
    // The practice requires two-step sign-in and this user has none: enrolment only.
    if (actor.twoStepEnrolmentRequired && !req.routeOptions.config.allowDuringTwoStepEnrolment)
      throw new AppError('TWO_STEP_REQUIRED', TWO_STEP_ENROLMENT_REQUIRED, 403)
    req.user = actor
  })
  app.decorate('identify', async (req: FastifyRequest) => {
    const actor = await lookup(req).catch(() => null)
    req.user = actor?.twoStepEnrolmentRequired ? null : actor
  })
})

/**
 * The per-IP request budget that sign-in, refresh, registration and the password reset calls
 * share, on top of their own throttles.
 */
export const authEntryBudget = (config: ResolvedConfig) => ({
  rateLimit: {
    max: config.rateLimits.authIp.max,
    timeWindow: config.rateLimits.authIp.windowMs,
    groupId: 'auth-entry',
  },
})
