/**
 * Brute-force protection for sign-in (research/reliability.md §3.2), on the database-backed
 * counters so every instance shares them:
 * - one account from one IP: 5 failures in 15 min → that pair is blocked for 15 min;
 * - one account from any IP: 20 failures in an hour → blocked until the hour is over;
 * - one IP for any account: 100 failures in an hour → blocked until the hour is over.
 * While blocked, even the right password is refused (no oracle), and the answer is the same
 * whether or not the account exists. The email is hashed in the counter keys.
 */
import { createHash } from 'node:crypto'
import { TOO_MANY_LOGIN_ATTEMPTS } from '@myodocs/shared/constants/messages'
import type { Db } from '../../db/client'
import type { Limit } from '../../config'
import { AppError } from '../../lib/errors'
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../../lib/rate-limit-store'

export type LoginLimits = { accountIp: Limit; account: Limit; ip: Limit }

const emailKey = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)

const keys = (email: string, ip: string) => {
  const e = emailKey(email)
  return {
    pairFailures: `login:fail:pair:${e}:${ip}`,
    pairBlock: `login:block:pair:${e}:${ip}`,
    account: `login:fail:account:${e}`,
    ip: `login:fail:ip:${ip}`,
  }
}

function blocked(resetAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))
  return new AppError('RATE_LIMITED', TOO_MANY_LOGIN_ATTEMPTS, 429, undefined, {
    headers: { 'retry-after': String(seconds) },
  })
}

/** Throws 429 with Retry-After when sign-in is blocked for this email or this IP. */
export async function assertLoginAllowed(db: Db, limits: LoginLimits, email: string, ip: string) {
  const k = keys(email, ip)
  const [pair, account, perIp] = await Promise.all([
    peekRateLimit(db, k.pairBlock),
    peekRateLimit(db, k.account),
    peekRateLimit(db, k.ip),
  ])
  if (pair.count > 0) throw blocked(pair.resetAt)
  if (account.count >= limits.account.max) throw blocked(account.resetAt)
  if (perIp.count >= limits.ip.max) throw blocked(perIp.resetAt)
}

/** Counts a failure; returns true when it started a block. */
export async function recordLoginFailure(
  db: Db,
  limits: LoginLimits,
  email: string,
  ip: string,
): Promise<boolean> {
  const k = keys(email, ip)
  const [pair] = await Promise.all([
    hitRateLimit(db, k.pairFailures, limits.accountIp.windowMs),
    hitRateLimit(db, k.account, limits.account.windowMs),
    hitRateLimit(db, k.ip, limits.ip.windowMs),
  ])
  if (pair.count >= limits.accountIp.max) {
    await hitRateLimit(db, k.pairBlock, limits.accountIp.windowMs)
    await resetRateLimit(db, k.pairFailures)
    return true
  }
  return false
}

/** A successful sign-in clears the account + IP failure count. */
export async function recordLoginSuccess(db: Db, email: string, ip: string) {
  await resetRateLimit(db, keys(email, ip).pairFailures)
}
