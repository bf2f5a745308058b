/**
 * Registration throttling per invite code and per email (docs/product/limits.md): a refused
 * registration (bad code, weak password) counts against both; answered ones do not, so a
 * multi-use code still registers a whole team, and a registered address (answered like a new one)
 * is never throttled differently. The code and the email are hashed in the counter keys.
 */
import { createHash } from 'node:crypto'
import { ERROR_CODES } from '@myodocs/shared/contracts/envelope'
import { normalizeInviteCode } from '@myodocs/shared/domain/invite-code'
import { hitRateLimit, peekRateLimit } from '../../db/rate-limits'
import { tooManyRequests } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32)

const keys = (inviteCode: string, email: string) => ({
  code: `register:fail:code:${hash(normalizeInviteCode(inviteCode))}`,
  email: `register:fail:email:${hash(email.toLowerCase())}`,
})

/** Throws 429 with Retry-After once this code or this email has too many refused registrations. */
export async function assertRegistrationAllowed(
  ctx: ServiceContext,
  inviteCode: string,
  email: string,
) {
  const k = keys(inviteCode, email)
  const { registerInviteCode, registerEmail } = ctx.config.rateLimits
  const [code, address] = await Promise.all([
    peekRateLimit(ctx.db, k.code),
    peekRateLimit(ctx.db, k.email),
  ])
  if (code.count >= registerInviteCode.max)
    throw tooManyRequests(ERROR_CODES.RATE_LIMITED, code.resetAt)
  if (address.count >= registerEmail.max)
    throw tooManyRequests(ERROR_CODES.RATE_LIMITED, address.resetAt)
}

/** Counts one refused registration against the code and the email. */
export async function recordRefusedRegistration(
  ctx: ServiceContext,
  inviteCode: string,
  email: string,
) {
  const k = keys(inviteCode, email)
  const { registerInviteCode, registerEmail } = ctx.config.rateLimits
  await hitRateLimit(ctx.db, k.code, registerInviteCode.windowMs)
  await hitRateLimit(ctx.db, k.email, registerEmail.windowMs)
}
