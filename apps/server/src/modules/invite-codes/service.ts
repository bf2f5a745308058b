/**
 * Invite codes: the beta is invite-only. Codes are 10 characters of
 * an unambiguous upper-case alphabet; checks are case-insensitive; unknown, used-up and expired
 * codes all answer 400 INVALID_INVITE_CODE with the spec's text.
 */
import { randomInt } from 'node:crypto'
import { INVALID_INVITE_CODE, inviteCodeChecksLimited } from '@myodocs/shared/constants/messages'
import type { CreateInviteCodeRequest, InviteCodeInfo } from '@myodocs/shared/contracts/invite-code'
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  isWellFormedInviteCode,
  normalizeInviteCode,
} from '@myodocs/shared/domain/invite-code'
import { hitRateLimit, undoRateLimitHit } from '../../db/rate-limits'
import { AppError, minutesUntil, tooManyRequests } from '../../lib/errors'
import { recordAudit } from '../audit'
import type { ServiceContext } from '../../lib/service-context'
import {
  findUsableInviteCode,
  insertInviteCode,
  listInviteCodes,
  takeInviteCodeUse,
} from './repository'

const DAY_MS = 86_400_000

const invalidInviteCode = () =>
  new AppError('INVALID_INVITE_CODE', INVALID_INVITE_CODE, 400, { inviteCode: INVALID_INVITE_CODE })

/** A new random code from the alphabet (crypto.randomInt: uniform, CSPRNG). */
export function generateInviteCode(length = INVITE_CODE_LENGTH): string {
  let code = ''
  for (let i = 0; i < length; i++)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]
  return code
}

/** Throws INVALID_INVITE_CODE unless the code can be used now. */
export async function assertInviteCodeUsable(ctx: ServiceContext, input: string) {
  const code = normalizeInviteCode(input)
  if (!isWellFormedInviteCode(code) || !(await findUsableInviteCode(ctx.db, code, ctx.now()))) {
    throw invalidInviteCode()
  }
}

/**
 * The check before registration, throttled per IP on guesses only (docs/product/limits.md): every
 * check counts first (so a burst cannot outrun the limit) and a valid code gives its count back,
 * so a visitor who checks the right code again and again is never locked out by it.
 */
export async function checkInviteCode(ctx: ServiceContext, input: string) {
  const limit = ctx.config.rateLimits.inviteCodeIp
  const key = `invite-code:ip:${ctx.origin.ip ?? ''}`
  const hit = await hitRateLimit(ctx.db, key, limit.windowMs)
  if (hit.count > limit.max) {
    await recordAudit(ctx, {
      action: 'rate_limit.exceeded',
      outcome: 'denied',
      details: { route: '/api/auth/validate-invite-code' },
    })
    throw tooManyRequests(inviteCodeChecksLimited(minutesUntil(hit.resetAt)), hit.resetAt)
  }
  await assertInviteCodeUsable(ctx, input)
  await undoRateLimitHit(ctx.db, key)
}

/** Takes one use of the code (registration, inside its transaction); throws when none is left. */
export async function consumeInviteCode(ctx: ServiceContext, input: string): Promise<string> {
  const code = normalizeInviteCode(input)
  const id = isWellFormedInviteCode(code)
    ? await takeInviteCodeUse(ctx.db, code, ctx.now())
    : undefined
  if (!id) throw invalidInviteCode()
  return id
}

/** Creates a code for the operator (uses 1 and no expiry unless told otherwise). */
export async function createInviteCode(
  ctx: ServiceContext,
  request: CreateInviteCodeRequest,
): Promise<{ id: string; code: string }> {
  const now = ctx.now()
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insertInviteCode(ctx.db, {
      code: generateInviteCode(),
      maxUses: request.uses ?? 1,
      expiresAt: request.expiresInDays
        ? new Date(now.getTime() + request.expiresInDays * DAY_MS)
        : null,
      note: request.note || null,
      createdAt: now,
    })
    if (row) return { id: row.id, code: row.code }
  }
  throw new Error('could not create a unique invite code')
}

export async function inviteCodeList(ctx: ServiceContext): Promise<InviteCodeInfo[]> {
  const rows = await listInviteCodes(ctx.db)
  return rows.map((r) => ({
    code: r.code,
    maxUses: r.maxUses,
    uses: r.uses,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  }))
}
