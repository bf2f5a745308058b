/**
 * When a session is over (docs/decisions/003-sessions.md): the rule both the guard (service.ts) and
 * the refresh (refresh.ts) judge a session by, the errors an ended session answers, and its audit
 * event.
 */
import {
  ACCOUNT_DEACTIVATED,
  AUTHENTICATION_REQUIRED,
  SESSION_EXPIRED,
} from '@myodocs/shared/constants/messages'
import { AppError } from '../../lib/errors'
import type { ResolvedConfig } from '../../lib/secrets'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import type { GuardSession, SessionUser } from './repository'

/** Why a session ended on its own or was revoked; `deactivated` when its user was. */
export type SessionEndReason = 'revoked' | 'idle' | 'absolute' | 'deactivated'

/** The 401 every ended or unknown session answers, unless its user was deactivated. */
export const sessionExpired = () => new AppError('SESSION_EXPIRED', SESSION_EXPIRED, 401)
/** An ended session of a deactivated user says why, so the open tab does not read "expired". */
export const sessionEnded = (user: Pick<SessionUser, 'isActive'>) =>
  user.isActive ? sessionExpired() : new AppError('ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED, 401)
/** The 401 of a request that brought no usable token. */
export const notSignedIn = () => new AppError('UNAUTHORIZED', AUTHENTICATION_REQUIRED, 401)

/** Why a session can no longer be used, or null while it can. Boundaries are exact (≥). */
export function sessionEndReason(
  session: Pick<GuardSession, 'revokedAt' | 'expiresAt' | 'lastActivityAt'>,
  user: Pick<SessionUser, 'isActive'>,
  now: Date,
  auth: ResolvedConfig['auth'],
): SessionEndReason | null {
  const t = now.getTime()
  if (session.revokedAt) return 'revoked'
  if (!user.isActive) return 'deactivated'
  if (t >= session.expiresAt.getTime()) return 'absolute'
  if (t >= session.lastActivityAt.getTime() + auth.idleTimeoutMs) return 'idle'
  return null
}

/** Records in the audit trail that a session ended by itself or was revoked for a reused token. */
export async function auditSessionEnd(
  ctx: ServiceContext,
  user: Pick<SessionUser, 'id' | 'businessId'>,
  sessionId: string,
  reason: SessionEndReason | 'refresh_reuse',
) {
  const action =
    reason === 'idle'
      ? 'auth.idle_timeout'
      : reason === 'refresh_reuse'
        ? 'auth.refresh_token_reuse'
        : 'auth.session_ended'
  await recordAudit(ctx, {
    action,
    outcome: reason === 'refresh_reuse' ? 'denied' : 'success',
    actorId: user.id,
    businessId: user.businessId,
    details: { sessionId, reason },
  })
}
