/**
 * The unlock link of a sign-in lock (docs/decisions/016-device-cookies.md). When strangers' failed
 * sign-ins close an account to new browsers, its owner is emailed a link; the browser that opens
 * it gets the account's device cookie, so the owner signs in there with the password while the
 * lock keeps holding for everyone else. The link is signed, not stored: `<user id>.<expiry in
 * seconds>.<HMAC>` under a key derived from APP_SECRET, valid until the lock ends. Using it twice
 * only makes another browser of the same link holder known.
 */
import { createHmac } from 'node:crypto'
import { INVALID_UNLOCK_LINK } from '@myodocs/shared/constants/messages'
import { signInPausedEmail } from '../../email/templates/sign-in-paused'
import { AppError } from '../../lib/errors'
import { deriveKey, safeEqual } from '../../lib/crypto'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { userById } from '../profile'
import type { SessionUser } from './repository'
import { issueDeviceCookie } from './device-cookie'

const mac = (ctx: ServiceContext, userId: string, expires: number) =>
  createHmac('sha256', deriveKey(ctx.config.appSecret, 'unlock-link'))
    .update(`${userId}:${expires}`)
    .digest('base64url')

const invalidLink = () => new AppError('BAD_REQUEST', INVALID_UNLOCK_LINK, 400)

/** The unlock link's token for `userId`, valid until `until`. */
export function unlockToken(ctx: ServiceContext, userId: string, until: Date): string {
  const expires = Math.ceil(until.getTime() / 1000)
  return `${userId}.${expires}.${mac(ctx, userId, expires)}`
}

/**
 * Emails the owner of an account that was just closed to strangers. Sent without waiting: the
 * failed sign-in's answer must not take longer for an existing account.
 */
export function sendSignInPausedEmail(
  ctx: ServiceContext,
  user: Pick<SessionUser, 'id'> & { email: string; firstName: string },
  until: Date,
) {
  const token = unlockToken(ctx, user.id, until)
  const minutes = Math.max(1, Math.ceil((until.getTime() - ctx.now().getTime()) / 60_000))
  const email = signInPausedEmail(user.firstName, {
    minutes,
    unlockUrl: `${ctx.config.publicUrl}/unlock?token=${encodeURIComponent(token)}`,
    resetUrl: `${ctx.config.publicUrl}/reset-password`,
  })
  ctx.mailer
    .send({ ...email, to: { address: user.email } })
    .catch((err: unknown) =>
      ctx.log.error({ err: { message: (err as Error).message } }, 'sign-in paused email failed'),
    )
}

/**
 * POST /auth/unlock: checks the link and answers a device cookie for its account. A forged,
 * expired or malformed link, or one for a deactivated or deleted user, is 400.
 */
export async function unlockBrowser(
  ctx: ServiceContext,
  token: string,
): Promise<{ deviceCookie: string }> {
  const [userId, expiresText, signature, extra] = token.split('.')
  const expires = Number(expiresText)
  if (!userId || !signature || extra !== undefined || !Number.isSafeInteger(expires))
    throw invalidLink()
  if (!safeEqual(signature, mac(ctx, userId, expires))) throw invalidLink()
  if (ctx.now().getTime() >= expires * 1000) throw invalidLink()
  const user = await userById(ctx, userId)
  if (!user || !user.isActive) throw invalidLink()
  await recordAudit(ctx, {
    action: 'auth.browser_unlocked',
    actorId: user.id,
    businessId: user.businessId,
  })
  return { deviceCookie: issueDeviceCookie(ctx, user.id) }
}
