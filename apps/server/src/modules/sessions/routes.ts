/**
 * The session calls under /api/auth: logout, me, refresh and the drafts key (sign-in itself is
 * the two-step module's: it decides whether a second step comes first). Login is CSRF-exempt
 * (constants/http.ts); login and refresh share a per-IP request budget with
 * registration and the password reset calls (`auth-entry`), on top of the sign-in throttle
 * (login-throttle.ts). The services hand back tokens; the cookies are set here.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BROWSER_UNLOCKED } from '@myodocs/shared/constants/messages'
import {
  DraftKeySchema,
  LogoutRequestSchema,
  MessageResponseSchema,
  RefreshResponseSchema,
  UnlockRequestSchema,
} from '@myodocs/shared/contracts/auth'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { SignedInSchema } from '@myodocs/shared/contracts/two-step'
import { authEntryBudget } from '../../plugins/auth'
import { serviceContext, signedInContext } from '../../plugins/service-context'
import {
  accessCookieName,
  clearSessionCookies,
  presentedTokens,
  setDeviceCookie,
  setSessionCookies,
} from '../../plugins/session-cookies'
import { draftKey, logout, me, refreshSession } from './service'
import { unlockBrowser } from './unlock'

/**
 * What the browser drops at sign-out (docs/product/accounts.md#sign-out). Sign Out clears the HTTP
 * cache and every storage of the origin (the encrypted drafts among them); the idle logoff clears
 * the cache only, since its drafts wait for the same user. Never "cookies": that would take the
 * device cookie too, which a sign-out keeps so strangers cannot lock this browser out (ADR 016);
 * the session cookies are cleared by name.
 */
const CLEAR_SITE_DATA = { user: '"cache", "storage"', idle: '"cache"' } as const

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  409: ApiFailureSchema,
  429: ApiFailureSchema,
}

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/unlock',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary: 'Unlock sign-in on this browser with the link a paused sign-in emailed the owner.',
        description:
          'When failed sign-ins from browsers the account never used pause sign-in from new ' +
          'browsers, the owner is emailed a link valid while the pause lasts. This sets the ' +
          "account's device cookie, so this browser signs in with the password as a known one; " +
          'the pause still holds for every other browser. An invalid or expired link is 400.',
        security: [{ csrfToken: [] }],
        body: UnlockRequestSchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (req, reply) => {
      const { deviceCookie } = await unlockBrowser(serviceContext(req), req.body.token)
      setDeviceCookie(reply, app.config, deviceCookie)
      return {
        success: true as const,
        message: BROWSER_UNLOCKED,
        data: { message: BROWSER_UNLOCKED },
      }
    },
  )

  r.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "End this browser's session and clear its cookies (idempotent).",
        description:
          'The cookies are cleared on every answer of this route, also when ending the session ' +
          'fails (500): the browser is signed out either way. The answer carries ' +
          '`Clear-Site-Data: "cache", "storage"` (reason `user`) or `"cache"` (reason `idle`, ' +
          'whose encrypted drafts wait for the same user); never `"cookies"`, which would drop ' +
          'the device cookie.',
        security: [{ csrfToken: [] }],
        body: LogoutRequestSchema,
        response: { 200: successEnvelope(z.object({ signedOut: z.literal(true) })), ...failures },
      },
    },
    async (req, reply) => {
      // The cookies go even if ending the session fails: the browser must not stay signed in.
      clearSessionCookies(reply, app.config)
      reply.header('clear-site-data', CLEAR_SITE_DATA[req.body.reason])
      await logout(serviceContext(req), presentedTokens(req, app.config), req.body.reason)
      return { success: true as const, data: { signedOut: true as const } }
    },
  )

  r.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (also the session check and keep-alive: records activity).',
        description:
          '`twoStepEnrolmentRequired`: the practice requires two-step sign-in and the user has ' +
          'none yet; the browser sends them to enrol.',
        response: { 200: successEnvelope(SignedInSchema), 401: ApiFailureSchema },
      },
    },
    // Its own guard: the session and the user are one statement (service.ts, `me`).
    async (req) => {
      const { actor, user } = await me(
        serviceContext(req),
        req.cookies[accessCookieName(app.config)],
      )
      req.user = actor
      return {
        success: true as const,
        data: {
          user,
          ...(actor.twoStepEnrolmentRequired ? { twoStepEnrolmentRequired: true } : {}),
        },
      }
    },
  )

  r.post(
    '/refresh',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access and refresh token.',
        description:
          'An already-used refresh token within 30 s of its rotation gets the same new pair (two ' +
          'tabs); later, it revokes the whole session (401 SESSION_EXPIRED, audited).',
        security: [{ csrfToken: [] }],
        response: { 200: successEnvelope(RefreshResponseSchema), ...failures },
      },
    },
    async (req, reply) => {
      const result = await refreshSession(
        serviceContext(req),
        presentedTokens(req, app.config).refresh,
      )
      if (result.kind === 'rotated') setSessionCookies(reply, app.config, result.tokens)
      if (result.kind === 'signed-out') {
        clearSessionCookies(reply, app.config)
        throw result.error
      }
      return { success: true as const, data: { refreshed: true as const } }
    },
  )

  r.get(
    '/draft-key',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "The user's key for encrypting browser drafts (AES-GCM 256, base64url).",
        description:
          'Derived on the server, never stored; rotated by a password reset or deactivation.',
        response: { 200: successEnvelope(DraftKeySchema), 401: ApiFailureSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { success: true as const, data: await draftKey(signedInContext(req)) }
    },
  )
}
