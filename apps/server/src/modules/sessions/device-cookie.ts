/**
 * Device cookies (docs/decisions/016-device-cookies.md): after a successful sign-in the browser
 * gets a signed cookie naming a random device id, bound to the user by an HMAC under APP_SECRET.
 * A browser that brings a valid one for the account it signs in to is "known": it skips the
 * account-wide and per-address limits that strangers can fill, and has a failure budget of its own.
 */
import { createHmac } from 'node:crypto'
import { deriveKey, randomToken, safeEqual } from '../../lib/crypto'
import type { ServiceContext } from '../../lib/service-context'

/** A known browser: the device id its own failure counter is keyed by. */
export type KnownDevice = { deviceId: string }

const mac = (ctx: ServiceContext, userId: string, deviceId: string) =>
  createHmac('sha256', deriveKey(ctx.config.appSecret, 'device-cookie'))
    .update(`${userId}:${deviceId}`)
    .digest('base64url')

/** A new cookie value for `userId`: `<device id>.<mac>`. */
export function issueDeviceCookie(ctx: ServiceContext, userId: string): string {
  const deviceId = randomToken(16)
  return `${deviceId}.${mac(ctx, userId, deviceId)}`
}

/** The device the cookie names when it was issued to `userId`, else null (absent, forged, other user). */
export function knownDevice(
  ctx: ServiceContext,
  cookie: string | undefined,
  userId: string | undefined,
): KnownDevice | null {
  if (!cookie || !userId) return null
  const [deviceId, signature, extra] = cookie.split('.')
  if (!deviceId || !signature || extra !== undefined) return null
  return safeEqual(signature, mac(ctx, userId, deviceId)) ? { deviceId } : null
}
