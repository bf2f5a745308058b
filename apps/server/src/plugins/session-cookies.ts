/**
 * The session's two cookies (docs/decisions/003-sessions.md): the access token on every path, the
 * refresh token only where it is exchanged; and the device cookie that marks a browser which signed
 * in before (docs/decisions/016-device-cookies.md). Services hand tokens back; routes set them here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SECOND_STEP_TTL_MS } from '@myodocs/shared/contracts/two-step'
import type { SignInResult as SignInAnswer } from '@myodocs/shared/contracts/two-step'
import type { ResolvedConfig } from '../lib/secrets'
import type { User } from '@myodocs/shared/contracts/auth'
import type { SecondStepMethod } from '@myodocs/shared/contracts/two-step'

/** How a sign-in ended (modules/two-step, `completeSignIn`). */
type SignInOutcome =
  | { kind: 'second-step'; methods: SecondStepMethod[]; progressToken: string }
  | {
      kind: 'signed-in'
      user: User
      twoStepEnrolmentRequired: boolean
      tokens: SessionTokens
      deviceCookie: string
    }

const ACCESS_COOKIE = 'myodocs_session'
const REFRESH_COOKIE = 'myodocs_refresh'
const DEVICE_COOKIE = 'myodocs_device'
const REFRESH_COOKIE_PATH = '/api/auth'
/** A browser stays known for half a year after its last successful sign-in. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60

/**
 * Over HTTPS (COOKIE_SECURE) a cookie on path / carries `__Host-` and one on a narrower path
 * `__Secure-`, so a sibling subdomain or a plain-HTTP page cannot plant or overwrite it.
 */
export function cookieName(config: ResolvedConfig, base: string, path = '/'): string {
  if (!config.cookieSecure) return base
  return `${path === '/' ? '__Host-' : '__Secure-'}${base}`
}

export const accessCookieName = (config: ResolvedConfig) => cookieName(config, ACCESS_COOKIE)

export type SessionTokens = { access: string; refresh: string }

/** The tokens the browser brought, either of which may be missing, and its device cookie. */
export function presentedTokens(
  req: FastifyRequest,
  config: ResolvedConfig,
): Partial<SessionTokens> & { device?: string } {
  return {
    access: req.cookies[accessCookieName(config)],
    refresh: req.cookies[cookieName(config, REFRESH_COOKIE, REFRESH_COOKIE_PATH)],
    device: req.cookies[cookieName(config, DEVICE_COOKIE)],
  }
}

/**
 * Marks this browser as one that signed in to the account, or opened its unlock link (kept across
 * sign-outs).
 */
export function setDeviceCookie(reply: FastifyReply, config: ResolvedConfig, value: string) {
  reply.setCookie(cookieName(config, DEVICE_COOKIE), value, {
    ...cookieBase(config),
    sameSite: 'strict',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  })
}

const cookieBase = (config: ResolvedConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.cookieSecure,
})

/**
 * How long the browser keeps the cookies (docs/decisions/003-sessions.md): closing the browser
 * must not end a session the server still honours. A refresh renews them at least every access
 * token lifetime of use, so idle + that lifetime never drops them before the server's idle limit.
 */
export function sessionCookieMaxAgeSeconds(config: ResolvedConfig): number {
  const { idleTimeoutMs, accessTokenTtlMs, absoluteLifetimeMs } = config.auth
  return Math.floor(Math.min(idleTimeoutMs + accessTokenTtlMs, absoluteLifetimeMs) / 1000)
}

export function setSessionCookies(
  reply: FastifyReply,
  config: ResolvedConfig,
  tokens: SessionTokens,
) {
  const base = { ...cookieBase(config), maxAge: sessionCookieMaxAgeSeconds(config) }
  reply.setCookie(accessCookieName(config), tokens.access, { ...base, path: '/' })
  reply.setCookie(cookieName(config, REFRESH_COOKIE, REFRESH_COOKIE_PATH), tokens.refresh, {
    ...base,
    path: REFRESH_COOKIE_PATH,
  })
}

/** A sign-in's cookies: the session's two and the device cookie. */
export function setSignInCookies(
  reply: FastifyReply,
  config: ResolvedConfig,
  signIn: { tokens: SessionTokens; deviceCookie: string },
) {
  setSessionCookies(reply, config, signIn.tokens)
  setDeviceCookie(reply, config, signIn.deviceCookie)
}

/**
 * What a browser drops when its user leaves for good (Sign Out, account deletion): the HTTP cache
 * and every storage of the origin, the encrypted drafts among them; never "cookies", which would
 * take the device cookie (docs/product/accounts.md#sign-out).
 */
export const CLEAR_SITE_DATA_SIGN_OUT = '"cache", "storage"'

export function clearSessionCookies(reply: FastifyReply, config: ResolvedConfig) {
  const base = cookieBase(config)
  reply.clearCookie(accessCookieName(config), { ...base, path: '/' })
  reply.clearCookie(cookieName(config, REFRESH_COOKIE, REFRESH_COOKIE_PATH), {
    ...base,
    path: REFRESH_COOKIE_PATH,
  })
}

const SIGN_IN_COOKIE = 'myodocs_sign_in'

/**
 * A sign-in in progress (docs/decisions/022-two-step-sign-in.md): the password step passed and a
 * second step is due, or a passkey sign-in was started. It names a row of `auth_challenges` and is
 * no session: every other call still answers 401 until the second step completes.
 */
export function setSignInProgressCookie(
  reply: FastifyReply,
  config: ResolvedConfig,
  token: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(cookieName(config, SIGN_IN_COOKIE, REFRESH_COOKIE_PATH), token, {
    ...cookieBase(config),
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  })
}

export function signInProgressToken(req: FastifyRequest, config: ResolvedConfig) {
  return req.cookies[cookieName(config, SIGN_IN_COOKIE, REFRESH_COOKIE_PATH)]
}

export function clearSignInProgressCookie(reply: FastifyReply, config: ResolvedConfig) {
  reply.clearCookie(cookieName(config, SIGN_IN_COOKIE, REFRESH_COOKIE_PATH), {
    ...cookieBase(config),
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  })
}

/**
 * What a first factor (password, reset link, invitation) answers: signed in (the session's
 * cookies) or a second step due (the sign-in cookie only: no session yet).
 */
export function answerSignIn(
  reply: FastifyReply,
  config: ResolvedConfig,
  outcome: SignInOutcome,
): SignInAnswer {
  if (outcome.kind === 'second-step') {
    setSignInProgressCookie(reply, config, outcome.progressToken, SECOND_STEP_TTL_MS / 1000)
    return { mfaRequired: true, methods: outcome.methods }
  }
  setSignInCookies(reply, config, outcome)
  return {
    user: outcome.user,
    ...(outcome.twoStepEnrolmentRequired ? { twoStepEnrolmentRequired: true } : {}),
  }
}
