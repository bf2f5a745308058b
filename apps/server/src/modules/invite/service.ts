/**
 * The invitation link (docs/product/team.md#accepting-an-invitation): what the page shows, the
 * business's logo for it, and acceptance — the full password policy, then the team module
 * creates or reactivates the member, and the new member is signed in.
 */
import { PASSWORD_REQUIREMENTS_NOT_MET } from '@myodocs/shared/constants/messages'
import type {
  AcceptInvitationRequestSchema,
  InvitationDetails,
} from '@myodocs/shared/contracts/team'
import type { z } from 'zod'
import { invitationChecksLimited } from '@myodocs/shared/constants/team-messages'
import { hitRateLimit, undoRateLimitHit } from '../../db/rate-limits'
import { AppError, minutesUntil, notFound, tooManyRequests } from '../../lib/errors'
import { hashPassword } from '../../lib/password-hashing'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { businessLogo } from '../business'
import { checkNewAccountPassword } from '../passwords'
import type { PresentedTokens } from '../sessions'
import { completeSignIn } from '../two-step'
import type { SignInOutcome } from '../two-step'
import { acceptInvitation, invitationByToken } from '../team'

type AcceptBody = z.output<typeof AcceptInvitationRequestSchema>

/** The address the page loads the business's logo from (the page is signed out). */
const logoPath = (token: string, hash: string) =>
  `/api/invite/${encodeURIComponent(token)}/logo?v=${hash}`

/**
 * The invitation behind a link, throttled per IP on refused links only (docs/product/limits.md):
 * every lookup counts first, so a burst of guesses cannot outrun the limit, and a link that exists
 * gives its count back, so opening one's own invitation again and again never runs into it.
 */
async function lookUpInvitation(ctx: ServiceContext, token: string) {
  const limit = ctx.config.rateLimits.invitationIp
  const key = `invitation:ip:${ctx.origin.ip ?? ''}`
  const hit = await hitRateLimit(ctx.db, key, limit.windowMs)
  if (hit.count > limit.max) {
    await recordAudit(ctx, {
      action: 'rate_limit.exceeded',
      outcome: 'denied',
      details: { route: '/api/invite/:token' },
    })
    throw tooManyRequests(invitationChecksLimited(minutesUntil(hit.resetAt)), hit.resetAt)
  }
  try {
    const found = await invitationByToken(ctx, token)
    await undoRateLimitHit(ctx.db, key)
    return found
  } catch (err) {
    // Only an unknown, used or expired link is a refused guess; a full practice is not.
    if (!(err instanceof AppError && err.status === 404)) await undoRateLimitHit(ctx.db, key)
    throw err
  }
}

/** GET /invite/{token}. */
export async function getInvitation(
  ctx: ServiceContext,
  token: string,
): Promise<InvitationDetails> {
  const { businessId: _b, logoHash, ...details } = await lookUpInvitation(ctx, token)
  return {
    ...details,
    business: { ...details.business, logoUrl: logoHash ? logoPath(token, logoHash) : null },
  }
}

/** GET /invite/{token}/logo: the inviting business's logo, for the holder of a valid link. */
export async function invitationLogo(ctx: ServiceContext, token: string) {
  const { businessId } = await lookUpInvitation(ctx, token)
  const logo = await businessLogo(ctx, businessId)
  if (!logo) throw notFound()
  return logo
}

/** POST /invite/{token}/accept: creates or reactivates the account and signs it in. */
export async function acceptInvite(
  ctx: ServiceContext,
  token: string,
  body: AcceptBody,
  presented: PresentedTokens,
): Promise<SignInOutcome> {
  const { invitation } = await lookUpInvitation(ctx, token)
  const validation = await checkNewAccountPassword(ctx, body.password, [
    invitation.email,
    body.firstName,
    body.lastName,
  ])
  if (!validation.isValid) {
    throw new AppError('VALIDATION_ERROR', PASSWORD_REQUIREMENTS_NOT_MET, 400, {
      password: PASSWORD_REQUIREMENTS_NOT_MET,
    })
  }
  const row = await acceptInvitation(ctx, token, {
    passwordHash: await hashPassword(body.password),
    firstName: body.firstName,
    lastName: body.lastName,
    therapistTitle: body.therapistTitle,
    therapistPhone: body.therapistPhone ?? '',
  })
  // A returning member who kept a second step takes it; a new one enrols if the practice requires.
  return completeSignIn(ctx, row, presented, 'invitation')
}
