/**
 * POST /auth/refresh (docs/decisions/003-sessions.md): the refresh token is exchanged for a new
 * pair. A refresh token used twice means it was copied: the session is revoked — except within
 * 30 s of its rotation, when the second caller (another tab of the same browser) gets the very same
 * new pair, derived from the old token with an HMAC so no raw token is kept.
 */
import { createHmac } from 'node:crypto'
import type { AppError } from '../../lib/errors'
import { deriveKey, hashToken } from '../../lib/crypto'
import type { ServiceContext } from '../../lib/service-context'
import {
  claimRefreshToken,
  findRefreshToken,
  findSessionById,
  insertRefreshToken,
  revokeSession,
  updateSession,
} from './repository'
import type { SessionUser } from './repository'
import type { SessionTokens } from './service'
import { auditSessionEnd, notSignedIn, sessionEnded, sessionEndReason } from './session-end'
import type { SessionEndReason } from './session-end'

/** The pair a refresh token is exchanged for: derived, so a repeat within the grace matches. */
function successorTokens(appSecret: string, refreshToken: string): SessionTokens {
  const key = deriveKey(appSecret, 'refresh-rotation')
  const mac = (label: string) =>
    createHmac('sha256', key).update(`${label}:${refreshToken}`).digest('base64url')
  return { access: mac('access'), refresh: mac('refresh') }
}

type RefreshOutcome =
  | { kind: 'rotated' | 'repeat'; tokens: SessionTokens }
  | { kind: 'already-rotated' }
  | { kind: 'unknown' }
  | {
      kind: 'ended'
      reason: SessionEndReason | 'refresh_reuse'
      user: SessionUser
      sessionId: string
      audit: boolean
    }

/**
 * What a refresh did: new tokens for the browser, nothing to change (another tab already holds
 * newer ones), or the session is gone — the route clears the cookies and answers `error`.
 */
export type RefreshResult =
  | { kind: 'rotated'; tokens: SessionTokens }
  | { kind: 'unchanged' }
  | { kind: 'signed-out'; error: AppError }

/**
 * POST /auth/refresh: exchanges the refresh token for a new pair. Revokes the session (and
 * audits) when an already-exchanged token comes back after the grace.
 */
export async function refreshSession(
  ctx: ServiceContext,
  refreshToken: string | undefined,
): Promise<RefreshResult> {
  if (!refreshToken) throw notSignedIn()
  const tokenHash = hashToken(refreshToken)
  const next = successorTokens(ctx.config.appSecret, refreshToken)
  const now = ctx.now()
  const { auth } = ctx.config

  // One transaction: a crash between claiming the old token and storing the new one would
  // otherwise strand the session. Inside it, only `tx` may be used (PGlite has one connection).
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const claimedSessionId = await claimRefreshToken(tx, tokenHash, now)
    if (claimedSessionId) {
      const found = await findSessionById(tx, claimedSessionId)
      if (!found) return { kind: 'unknown' }
      const ended = sessionEndReason(found.session, found.user, now, auth)
      if (ended) {
        await revokeSession(tx, found.session.id, ended, now)
        return {
          kind: 'ended',
          reason: ended,
          user: found.user,
          sessionId: found.session.id,
          audit: ended !== 'revoked',
        }
      }
      await insertRefreshToken(tx, found.session.id, hashToken(next.refresh), now)
      await updateSession(tx, found.session.id, {
        accessTokenHash: hashToken(next.access),
        accessExpiresAt: new Date(now.getTime() + auth.accessTokenTtlMs),
        lastActivityAt: now,
      })
      return { kind: 'rotated', tokens: next }
    }

    const used = await findRefreshToken(tx, tokenHash)
    if (!used?.rotatedAt) return { kind: 'unknown' }
    const found = await findSessionById(tx, used.sessionId)
    if (!found) return { kind: 'unknown' }
    const ended = sessionEndReason(found.session, found.user, now, auth)
    if (ended) {
      return {
        kind: 'ended',
        reason: ended,
        user: found.user,
        sessionId: found.session.id,
        audit: false,
      }
    }
    if (now.getTime() - used.rotatedAt.getTime() <= auth.refreshGraceMs) {
      // Another tab refreshed first. Hand out the same pair while it is still the current one;
      // if it has moved on again, the browser already holds newer cookies: change nothing.
      const successor = await findRefreshToken(tx, hashToken(next.refresh))
      return successor && !successor.rotatedAt
        ? { kind: 'repeat', tokens: next }
        : { kind: 'already-rotated' }
    }
    await revokeSession(tx, found.session.id, 'refresh_reuse', now)
    return {
      kind: 'ended',
      reason: 'refresh_reuse',
      user: found.user,
      sessionId: found.session.id,
      audit: true,
    }
  })

  switch (outcome.kind) {
    case 'rotated':
    case 'repeat':
      return { kind: 'rotated', tokens: outcome.tokens }
    case 'already-rotated':
      return { kind: 'unchanged' }
    case 'unknown':
      return { kind: 'signed-out', error: notSignedIn() }
    case 'ended':
      if (outcome.audit) await auditSessionEnd(ctx, outcome.user, outcome.sessionId, outcome.reason)
      return { kind: 'signed-out', error: sessionEnded(outcome.user) }
  }
}
