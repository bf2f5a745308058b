/**
 * Operator API guard: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. Wrong
 * tokens are counted per IP (docs/product/limits.md#rate-limits); past the limit even the right
 * token is refused until the window ends, so guessing gains nothing. Only a wrong token writes the
 * counter and only a right one reads it, so a scrape of /metrics costs one indexed read; with the
 * database unreachable the token alone decides.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import {
  OPERATOR_TOKEN_REQUIRED,
  operatorTokenFailuresLimited,
} from '@myodocs/shared/constants/messages'
import { hitRateLimit, peekRateLimit } from '../db/rate-limits'
import type { Hit } from '../db/rate-limits'
import { minutesUntil, tooManyRequests, unauthorized } from '../lib/errors'
import { recordAudit } from '../modules/audit'
import { serviceContext } from './service-context'

const digest = (s: string) => createHash('sha256').update(s).digest()
const expectedDigests = new WeakMap<object, Buffer>()

const keyOf = (req: FastifyRequest) => `operator-token:ip:${req.ip}`

async function refuse(req: FastifyRequest, hit: Hit) {
  await recordAudit(serviceContext(req), {
    action: 'rate_limit.exceeded',
    outcome: 'denied',
    details: { route: req.routeOptions.url },
  }).catch((err: unknown) =>
    req.log.warn(
      { err: { message: (err as Error).message } },
      'audit of a rate-limit block failed',
    ),
  )
  return tooManyRequests(operatorTokenFailuresLimited(minutesUntil(hit.resetAt)), hit.resetAt)
}

/**
 * The onRequest check of an operator call (`access: 'operator'`, plugins/api-route.ts, and
 * GET /metrics): before the body is read.
 */
export async function operatorOnly(req: FastifyRequest): Promise<void> {
  const { config, db } = req.server
  let expected = expectedDigests.get(config)
  if (!expected) expectedDigests.set(config, (expected = digest(config.adminToken)))
  const limit = config.rateLimits.operatorTokenIp
  const header = req.headers.authorization ?? ''
  const match = /^Bearer\s+(.+)$/i.exec(header)
  // No token at all is not a guess: only a presented, wrong one counts.
  if (!match?.[1]) throw unauthorized(OPERATOR_TOKEN_REQUIRED)
  if (!timingSafeEqual(digest(match[1].trim()), expected)) {
    const hit = await hitRateLimit(db, keyOf(req), limit.windowMs).catch(() => null)
    if (hit && hit.count > limit.max) throw await refuse(req, hit)
    throw unauthorized(OPERATOR_TOKEN_REQUIRED)
  }
  const hit = await peekRateLimit(db, keyOf(req)).catch(() => null)
  if (hit && hit.count > limit.max) throw await refuse(req, hit)
}
