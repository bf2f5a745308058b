/**
 * The session calls under /api/auth (packages/shared/src/api/sessions.ts): logout, me, refresh,
 * unlock and the drafts key. On top of the per-IP budget the table gives them, sign-in has its
 * own throttle (login-throttle.ts). The services hand back tokens; the cookies are set here.
 */
import type { FastifyInstance } from 'fastify'
import { sessionCalls as calls } from '@myodocs/shared/api/sessions'
import { BROWSER_UNLOCKED } from '@myodocs/shared/constants/messages'
import { route } from '../../plugins/api-route'
import {
  accessCookieName,
  clearSessionCookies,
  presentedTokens,
  setDeviceCookie,
  setSessionCookies,
} from '../../plugins/session-cookies'
import { refreshSession } from './refresh'
import { draftKey, logout, me } from './service'
import { unlockBrowser } from './unlock'

/**
 * What the browser drops at sign-out (docs/product/accounts.md#sign-out). Sign Out clears the HTTP
 * cache and every storage of the origin (the encrypted drafts among them); the idle logoff clears
 * the cache only, since its drafts wait for the same user. Never "cookies": that would take the
 * device cookie too, which a sign-out keeps so strangers cannot lock this browser out (ADR 016);
 * the session cookies are cleared by name.
 */
const CLEAR_SITE_DATA = { user: '"cache", "storage"', idle: '"cache"' } as const

export async function sessionRoutes(app: FastifyInstance) {
  const config = app.config

  route(app, calls.unlock, async (ctx, { body }, _req, reply) => {
    const { deviceCookie } = await unlockBrowser(ctx, body.token)
    setDeviceCookie(reply, config, deviceCookie)
    return {
      success: true as const,
      message: BROWSER_UNLOCKED,
      data: { message: BROWSER_UNLOCKED },
    }
  })

  route(app, calls.logout, async (ctx, { body }, req, reply) => {
    // The cookies go even if ending the session fails: the browser must not stay signed in.
    clearSessionCookies(reply, config)
    reply.header('clear-site-data', CLEAR_SITE_DATA[body.reason])
    await logout(ctx, presentedTokens(req, config), body.reason)
    return { signedOut: true as const }
  })

  // Its own guard: the session and the user are one statement (service.ts, `me`).
  route(
    app,
    calls.me,
    async (ctx, _input, req) => {
      const { actor, user } = await me(ctx, req.cookies[accessCookieName(config)])
      req.user = actor
      return { user, ...(actor.twoStepEnrolmentRequired ? { twoStepEnrolmentRequired: true } : {}) }
    },
    { ownSessionCheck: true },
  )

  route(app, calls.refresh, async (ctx, _input, req, reply) => {
    const result = await refreshSession(ctx, presentedTokens(req, config).refresh)
    if (result.kind === 'rotated') setSessionCookies(reply, config, result.tokens)
    if (result.kind === 'signed-out') {
      clearSessionCookies(reply, config)
      throw result.error
    }
    return { refreshed: true as const }
  })

  route(app, calls.draftKey, async (ctx, _input, _req, reply) => {
    reply.header('cache-control', 'no-store')
    return draftKey(ctx)
  })
}
