/**
 * Brute-force protection for sign-in, on the database-backed counters so every instance shares
 * them (limits in config.ts `rateLimits`; docs/decisions/016-device-cookies.md). A browser
 * holding a device cookie for the account (device-cookie.ts) is known; every other one is a
 * stranger.
 * - a stranger, one account from one address: 5 failures in 15 min → that pair is blocked 15 min;
 * - strangers, one account from any address: 20 failures in an hour → strangers are blocked
 *   until the hour is over, while known browsers still sign in;
 * - strangers, one address for any account: 100 failures in an hour → that address is blocked;
 * - a known browser counts only its own failures: 10 in 15 min → that browser is blocked.
 * While blocked, even the right password is refused (no oracle), and the answer is the same
 * whether or not the account exists. The email is hashed in the counter keys. The failure that
 * closes an account to strangers is reported so its owner can be emailed an unlock link
 * (unlock.ts); a completed password reset lifts the account's lock (`liftLoginLock`).
 */
import { createHash } from 'node:crypto'
import { TOO_MANY_LOGIN_ATTEMPTS } from '@myodocs/shared/constants/messages'
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../../db/rate-limits'
import { tooManyRequests } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'
import type { KnownDevice } from './device-cookie'

const emailKey = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)

const keys = (ctx: ServiceContext, email: string) => {
  const e = emailKey(email)
  const ip = ctx.origin.ip ?? ''
  return {
    pairFailures: `login:fail:pair:${e}:${ip}`,
    pairBlock: `login:block:pair:${e}:${ip}`,
    account: `login:fail:account:${e}`,
    ip: `login:fail:ip:${ip}`,
  }
}

const deviceKey = (device: KnownDevice) => `login:fail:device:${device.deviceId}`

const blocked = (resetAt: Date) => tooManyRequests(TOO_MANY_LOGIN_ATTEMPTS, resetAt)

/**
 * Throws 429 with Retry-After when sign-in is blocked for this caller: a known browser only by
 * its own failures, a stranger by the pair, the account's stranger failures or its address.
 */
export async function assertLoginAllowed(
  ctx: ServiceContext,
  email: string,
  device: KnownDevice | null,
) {
  const limits = ctx.config.rateLimits
  if (device) {
    const own = await peekRateLimit(ctx.db, deviceKey(device))
    if (own.count >= limits.loginDevice.max) throw blocked(own.resetAt)
    return
  }
  const k = keys(ctx, email)
  const [pair, account, perIp] = await Promise.all([
    peekRateLimit(ctx.db, k.pairBlock),
    peekRateLimit(ctx.db, k.account),
    peekRateLimit(ctx.db, k.ip),
  ])
  if (pair.count > 0) throw blocked(pair.resetAt)
  if (account.count >= limits.loginAccount.max) throw blocked(account.resetAt)
  if (perIp.count >= limits.loginIp.max) throw blocked(perIp.resetAt)
}

/**
 * What a failure did: `blocked` when the caller is now blocked; `accountLockedUntil` when this
 * failure was the one that closed the account to strangers (once per window: the owner is told).
 */
export type LoginFailure = { blocked: boolean; accountLockedUntil: Date | null }

/** Counts a failure. */
export async function recordLoginFailure(
  ctx: ServiceContext,
  email: string,
  device: KnownDevice | null,
): Promise<LoginFailure> {
  const limits = ctx.config.rateLimits
  if (device) {
    const own = await hitRateLimit(ctx.db, deviceKey(device), limits.loginDevice.windowMs)
    return { blocked: own.count >= limits.loginDevice.max, accountLockedUntil: null }
  }
  const k = keys(ctx, email)
  const [pair, account, perIp] = await Promise.all([
    hitRateLimit(ctx.db, k.pairFailures, limits.loginAccountIp.windowMs),
    hitRateLimit(ctx.db, k.account, limits.loginAccount.windowMs),
    hitRateLimit(ctx.db, k.ip, limits.loginIp.windowMs),
  ])
  const accountLockedUntil = account.count === limits.loginAccount.max ? account.resetAt : null
  if (pair.count >= limits.loginAccountIp.max) {
    await hitRateLimit(ctx.db, k.pairBlock, limits.loginAccountIp.windowMs)
    await resetRateLimit(ctx.db, k.pairFailures)
    return { blocked: true, accountLockedUntil }
  }
  return {
    blocked: account.count >= limits.loginAccount.max || perIp.count >= limits.loginIp.max,
    accountLockedUntil,
  }
}

/**
 * A completed password reset: the guesses were at a password that no longer exists, so the
 * account's stranger count and the caller's own pair block and count are cleared. Other addresses'
 * pair blocks and the per-address counts stay (they are about those addresses, not the account).
 */
export async function liftLoginLock(ctx: ServiceContext, email: string) {
  const k = keys(ctx, email)
  await Promise.all(
    [k.account, k.pairBlock, k.pairFailures].map((key) => resetRateLimit(ctx.db, key)),
  )
}

/** A successful sign-in clears the caller's own failure count (pair, or known browser). */
export async function recordLoginSuccess(
  ctx: ServiceContext,
  email: string,
  device: KnownDevice | null,
) {
  await resetRateLimit(ctx.db, device ? deviceKey(device) : keys(ctx, email).pairFailures)
}
