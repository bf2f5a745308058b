/**
 * CSRF: `GET /api/csrf-token` hands out a token bound to a secret in an httpOnly cookie
 * (@fastify/csrf-protection); every POST/PUT/PATCH/DELETE outside the exempt list (the API table's `csrfExempt` calls) must
 * echo it in the `x-csrf-token` header, else 403 `Invalid CSRF token`.
 *
 * The decision reads the route the router matched, never the raw URL (lib/request-path.ts): any
 * spelling of a guarded path (percent-escapes, doubled slashes, dot segments, capitals) is refused
 * alike. A request that matched no route is checked on its normalised path, so an unknown spelling
 * under /api is refused for its token before it is told the route does not exist.
 */
import fp from 'fastify-plugin'
import csrf from '@fastify/csrf-protection'
import { CSRF_EXEMPT_PATHS } from '@myodocs/shared/api/table'
import { CSRF_HEADER, STATE_CHANGING_METHODS } from '@myodocs/shared/constants/http'
import { decisionPath } from '../lib/request-path'
import { cookieName } from './session-cookies'

const exempt = new Set<string>(CSRF_EXEMPT_PATHS)
const stateChanging = new Set<string>(STATE_CHANGING_METHODS)

const CSRF_COOKIE = 'myodocs_csrf'

export const csrfPlugin = fp(async (app) => {
  await app.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: cookieName(app.config, CSRF_COOKIE),
    cookieOpts: {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: app.config.cookieSecure,
      signed: true,
    },
    getToken: (req) => {
      const value = req.headers[CSRF_HEADER]
      return typeof value === 'string' ? value : undefined
    },
  })

  app.addHook('onRequest', (req, reply, done) => {
    if (!stateChanging.has(req.method.toUpperCase())) return done()
    const path = decisionPath(req)
    if (!path.startsWith('/api/') || exempt.has(path)) return done()
    app.csrfProtection(req, reply, done)
  })
})
