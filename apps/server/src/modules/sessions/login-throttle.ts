/**
 * Brute-force protection for sign-in, on the database-backed counters so every instance shares
 * them (limits in config.ts `rateLimits`):
 * - one account from one IP: 5 failures in 15 min → that pair is blocked for 15 min;
 * - one account from any IP: 20 failures in an hour → blocked until the hour is over;
 * - one IP for any account: 100 failures in an hour → blocked until the hour is over.
 * While blocked, even the right password is refused (no oracle), and the answer is the same
 * whether or not the account exists. The email is hashed in the counter keys.
 */
import { createHash } from 'node:crypto'
import { TOO_MANY_LOGIN_ATTEMPTS } from '@myodocs/shared/constants/messages'
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../../db/rate-limits'
import { tooManyRequests } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'

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

const limitsOf = (ctx: ServiceContext) => ({
  accountIp: ctx.config.rateLimits.loginAccountIp,
  account: ctx.config.rateLimits.loginAccount,
  ip: ctx.config.rateLimits.loginIp,
})

const blocked = (resetAt: Date) => tooManyRequests(TOO_MANY_LOGIN_ATTEMPTS, resetAt)

/** Throws 429 with Retry-After when sign-in is blocked for this email or the caller's IP. */
export async function assertLoginAllowed(ctx: ServiceContext, email: string) {
  const k = keys(ctx, email)
  const limits = limitsOf(ctx)
  const [pair, account, perIp] = await Promise.all([
    peekRateLimit(ctx.db, k.pairBlock),
    peekRateLimit(ctx.db, k.account),
    peekRateLimit(ctx.db, k.ip),
  ])
  if (pair.count > 0) throw blocked(pair.resetAt)
  if (account.count >= limits.account.max) throw blocked(account.resetAt)
  if (perIp.count >= limits.ip.max) throw blocked(perIp.resetAt)
}

/** Counts a failure; returns true when it started a block. */
export async function recordLoginFailure(ctx: ServiceContext, email: string): Promise<boolean> {
  const k = keys(ctx, email)
  const limits = limitsOf(ctx)
  const [pair] = await Promise.all([
    hitRateLimit(ctx.db, k.pairFailures, limits.accountIp.windowMs),
    hitRateLimit(ctx.db, k.account, limits.account.windowMs),
    hitRateLimit(ctx.db, k.ip, limits.ip.windowMs),
  ])
  if (pair.count >= limits.accountIp.max) {
    await hitRateLimit(ctx.db, k.pairBlock, limits.accountIp.windowMs)
    await resetRateLimit(ctx.db, k.pairFailures)
    return true
  }
  return false
}

/** A successful sign-in clears the account + IP failure count. */
export async function recordLoginSuccess(ctx: ServiceContext, email: string) {
  await resetRateLimit(ctx.db, keys(ctx, email).pairFailures)
}
