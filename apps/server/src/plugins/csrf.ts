/**
 * CSRF: `GET /api/csrf-token` hands out a token bound to a secret in an httpOnly cookie
 * (@fastify/csrf-protection); every POST/PUT/PATCH/DELETE outside the spec's exempt list must
 * echo it in the `x-csrf-token` header, else 403 `Invalid CSRF token`.
 */
import fp from 'fastify-plugin'
import csrf from '@fastify/csrf-protection'
import {
  CSRF_EXEMPT_PATHS,
  CSRF_HEADER,
  STATE_CHANGING_METHODS,
} from '@myodocs/shared/constants/http'
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
    const path = req.url.split('?')[0] ?? ''
    // Unmatched routes fall through to the JSON 404.
    const matched = req.routeOptions.url !== undefined
    if (
      !matched ||
      !stateChanging.has(req.method) ||
      exempt.has(path) ||
      !path.startsWith('/api/')
    ) {
      return done()
    }
    app.csrfProtection(req, reply, done)
  })
})
