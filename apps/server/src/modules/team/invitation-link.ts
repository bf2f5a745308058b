/**
 * The invitation link (module `invite`, docs/product/team.md): what the page shows for a token,
 * and its acceptance, once, under the plan's lock so the seat is checked again.
 */
import {
  ALREADY_A_MEMBER,
  EMAIL_OF_ANOTHER_PRACTICE,
  INVALID_INVITATION_LINK,
  noFreeSeat,
} from '@myodocs/shared/constants/team-messages'
import type { InvitationDetails } from '@myodocs/shared/contracts/team'
import { hashToken } from '../../lib/crypto'
import { conflict, notFound } from '../../lib/errors'
import { withDb } from '../../lib/service-context'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { startPasswordHistory } from '../passwords'
import { userByEmail } from '../profile'
import {
  claimInvitation,
  findInvitationByTokenHash,
  insertMemberUser,
  lockPlan,
  planOf,
  reactivateMemberUser,
  seatsTaken,
} from './repository'
import { assertSeatFree, seatsOf } from './seats'

const invalidLink = () => notFound(INVALID_INVITATION_LINK)

/** The pending, unexpired invitation of a token, or the 404 every bad link answers. */
async function usableInvitation(ctx: ServiceContext, token: string) {
  const found = await findInvitationByTokenHash(ctx.db, hashToken(token))
  const now = ctx.now()
  if (!found || found.invitation.acceptedAt || found.invitation.expiresAt <= now)
    throw invalidLink()
  return found
}

/** GET /invite/{token}: what the invitation page shows. */
export async function invitationByToken(
  ctx: ServiceContext,
  token: string,
): Promise<InvitationDetails & { businessId: string; logoHash: string | null }> {
  const found = await usableInvitation(ctx, token)
  const { invitation } = found
  // Refused when opened, not after the form: an acceptance needs a seat this invitation holds.
  const [plan, taken] = await Promise.all([
    planOf(ctx.db, invitation.businessId),
    seatsTaken(ctx.db, invitation.businessId, ctx.now()),
  ])
  if (taken.members + taken.invitations > seatsOf(plan)) {
    const inviter = [found.inviterFirstName, found.inviterLastName].filter(Boolean).join(' ')
    throw conflict(noFreeSeat(inviter || found.businessName))
  }
  const user = await userByEmail(ctx, invitation.email)
  const returning = user && user.businessId === invitation.businessId ? user : null
  return {
    invitation: {
      email: invitation.email,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      expiresAt: invitation.expiresAt.toISOString(),
    },
    business: { name: found.businessName, logoUrl: null },
    invitedBy: {
      firstName: found.inviterFirstName ?? '',
      lastName: found.inviterLastName ?? '',
    },
    userExists: returning !== null,
    existingAccount: returning && {
      therapistTitle: returning.therapistTitle ?? '',
      therapistPhone: returning.therapistPhone ?? '',
    },
    businessId: invitation.businessId,
    logoHash: found.logoHash ?? null,
  }
}

/** What the person joining typed on the invitation page. */
export type Joiner = {
  passwordHash: string
  firstName: string
  lastName: string
  therapistTitle: string
  therapistPhone: string
}

/**
 * Uses an invitation, once: creates the member's account, or reactivates this business's
 * deactivated account of that address. The seat is checked again under the plan's lock (the plan
 * may have changed since). Answers the user to sign in.
 */
export async function acceptInvitation(ctx: ServiceContext, token: string, joiner: Joiner) {
  const found = await usableInvitation(ctx, token)
  const { invitation } = found
  const businessId = invitation.businessId
  const now = ctx.now()
  const existing = await userByEmail(ctx, invitation.email)
  if (existing && existing.businessId !== businessId)
    throw conflict(EMAIL_OF_ANOTHER_PRACTICE, { email: EMAIL_OF_ANOTHER_PRACTICE })
  if (existing?.isActive) throw conflict(ALREADY_A_MEMBER)

  const user = await ctx.db.transaction(async (tx) => {
    const inTx = withDb(ctx, tx)
    const plan = await lockPlan(tx, businessId)
    if (!(await claimInvitation(tx, invitation.id, now))) throw invalidLink()
    // The claimed invitation no longer counts; the members alone must leave a seat.
    const taken = await seatsTaken(tx, businessId, now)
    assertSeatFree(plan, taken.members + taken.invitations)
    const details = {
      firstName: joiner.firstName,
      lastName: joiner.lastName,
      therapistTitle: joiner.therapistTitle,
      therapistPhone: joiner.therapistPhone,
      passwordHash: joiner.passwordHash,
    }
    const row = existing
      ? await reactivateMemberUser(tx, businessId, existing.id, {
          ...details,
          passwordChangedAt: now,
        })
      : await insertMemberUser(tx, {
          ...details,
          email: invitation.email,
          businessId,
          isPrimaryUser: false,
          passwordChangedAt: now,
          createdAt: now,
        })
    await startPasswordHistory(inTx, row.id, joiner.passwordHash)
    return row
  })
  await recordAudit(ctx, {
    action: existing ? 'team.invite_accept_reactivate' : 'team.invite_accept',
    actorId: user.id,
    businessId,
    details: { invitationId: invitation.id },
  })
  return user
}
