/**
 * The session's two cookies (docs/decisions/003-sessions.md): the access token on every path, the
 * refresh token only where it is exchanged. Services hand tokens back; routes set them here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ResolvedConfig } from '../lib/secrets'

export const ACCESS_COOKIE = 'myodocs_session'
export const REFRESH_COOKIE = 'myodocs_refresh'
const REFRESH_COOKIE_PATH = '/api/auth'

export type SessionTokens = { access: string; refresh: string }

/** The tokens the browser brought, either of which may be missing. */
export function presentedTokens(req: FastifyRequest): Partial<SessionTokens> {
  return { access: req.cookies[ACCESS_COOKIE], refresh: req.cookies[REFRESH_COOKIE] }
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
  reply.setCookie(ACCESS_COOKIE, tokens.access, { ...base, path: '/' })
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, { ...base, path: REFRESH_COOKIE_PATH })
}

export function clearSessionCookies(reply: FastifyReply, config: ResolvedConfig) {
  const base = cookieBase(config)
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' })
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH })
}
