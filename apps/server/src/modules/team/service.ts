/**
 * The team of a business (docs/product/team.md, docs/decisions/010-team.md): its members and
 * pending invitations, seat limits per plan, deactivation (signs the member out at once),
 * reactivation, password resets and removal. Only the primary user manages the team; the routes
 * refuse everyone else before this runs (plugins/primary-user.ts). The invitation link itself is
 * read and accepted in `invitation-link.ts` (module `invite`); the seat checks are in `seats.ts`.
 */
import { PLANS } from '@myodocs/shared/constants/plans'
import {
  ALREADY_A_MEMBER,
  ALREADY_INVITED,
  CANNOT_CHANGE_YOURSELF,
  EMAIL_OF_ANOTHER_PRACTICE,
  INVITATION_NOT_FOUND,
  MEMBER_NOT_FOUND,
} from '@myodocs/shared/constants/team-messages'
import type { z } from 'zod'
import type { InviteMemberRequestSchema } from '@myodocs/shared/contracts/team'
import type { Team, TeamInvitation } from '@myodocs/shared/contracts/team'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { teamInvitationEmail } from '../../email/templates/team-invitation'
import { teamPasswordResetEmail } from '../../email/templates/team-password-reset'
import { hashToken, randomToken } from '../../lib/crypto'
import { AppError, badRequest, conflict, notFound } from '../../lib/errors'
import { withDb } from '../../lib/service-context'
import type { SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { businessName } from '../business'
import { issueResetLink } from '../passwords'
import { userByEmail, userById } from '../profile'
import { endUserAccess } from '../sessions'
import {
  deleteInvitation,
  deleteMember,
  findInvitation,
  findMember,
  findPendingInvitationByEmail,
  insertInvitation,
  lockPlan,
  membersOf,
  planOf,
  pendingInvitations,
  renewInvitation,
  seatsTaken,
  setMemberActive,
} from './repository'
import type { InvitationRow } from './repository'
import { assertSeatFree, seatsOf } from './seats'

/** An invitation link works for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

const invitationDto = (row: InvitationRow, now: Date): TeamInvitation => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= now.getTime(),
})

/** GET /team: members (with their sign-ins and PDFs of the month), invitations and seats. */
export async function getTeam(ctx: SignedInContext): Promise<Team> {
  const { businessId } = ctx.actor
  const now = ctx.now()
  const period = usagePeriod(now)
  const [members, invitations, seatPlan, taken] = await Promise.all([
    membersOf(ctx.db, businessId),
    pendingInvitations(ctx.db, businessId),
    planOf(ctx.db, businessId),
    seatsTaken(ctx.db, businessId, now),
  ])
  const plan = seatPlan ? PLANS[seatPlan.planType] : undefined
  return {
    members: members.map((m) => ({
      id: m.id,
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      therapistTitle: m.therapistTitle,
      isActive: m.isActive,
      isPrimaryUser: m.isPrimaryUser,
      lastSignInAt: m.lastSignInAt ? new Date(m.lastSignInAt).toISOString() : null,
      pdfsThisMonth: m.pdfPeriod === period ? (m.pdfCount ?? 0) : 0,
      twoStep: m.twoStep,
      createdAt: m.createdAt.toISOString(),
    })),
    invitations: invitations.map((i) => invitationDto(i, now)),
    seats: {
      used: taken.members + taken.invitations,
      limit: seatsOf(seatPlan),
      additionalMemberPrice: plan?.additionalTeamMemberPrice ?? null,
    },
  }
}

async function sendInvitation(ctx: SignedInContext, row: InvitationRow, token: string) {
  const inviter = await userById(ctx, ctx.actor.id)
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}` : 'Your colleague'
  const name = (await businessName(ctx, ctx.actor.businessId)) ?? 'your practice'
  const url = `${ctx.config.publicUrl}/invite/${encodeURIComponent(token)}`
  await ctx.mailer.send({
    ...teamInvitationEmail({ firstName: row.firstName, inviterName, businessName: name, url }),
    to: { name: `${row.firstName} ${row.lastName}`, address: row.email },
  })
}

/**
 * POST /team/invite. Under the plan's lock: the address must not be a member already, another
 * practice's user or pending; a seat must be free (active members plus pending invitations).
 */
export async function inviteMember(
  ctx: SignedInContext,
  body: z.output<typeof InviteMemberRequestSchema>,
): Promise<TeamInvitation> {
  const { businessId, id: actorId } = ctx.actor
  const now = ctx.now()
  const email = body.email.toLowerCase()
  const existing = await userByEmail(ctx, email)
  if (existing && existing.businessId !== businessId)
    throw conflict(EMAIL_OF_ANOTHER_PRACTICE, { email: EMAIL_OF_ANOTHER_PRACTICE })
  if (existing?.isActive) throw conflict(ALREADY_A_MEMBER, { email: ALREADY_A_MEMBER })

  const token = randomToken()
  const row = await ctx.db
    .transaction(async (tx) => {
      const plan = await lockPlan(tx, businessId)
      if (await findPendingInvitationByEmail(tx, businessId, email))
        throw conflict(ALREADY_INVITED, { email: ALREADY_INVITED })
      const taken = await seatsTaken(tx, businessId, now)
      assertSeatFree(plan, taken.members + taken.invitations)
      return insertInvitation(tx, {
        businessId,
        email,
        firstName: body.firstName,
        lastName: body.lastName,
        tokenHash: hashToken(token),
        invitedById: actorId,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
    })
    .catch(async (err: unknown) => {
      if (err instanceof AppError && err.code === 'UPGRADE_REQUIRED') {
        await recordAudit(ctx, {
          action: 'team.invite',
          outcome: 'denied',
          actorId,
          businessId,
          details: { reason: 'seat_limit' },
        })
      }
      throw err
    })
  await sendInvitation(ctx, row, token)
  await recordAudit(ctx, {
    action: 'team.invite',
    actorId,
    businessId,
    details: { invitationId: row.id, reactivates: Boolean(existing) },
  })
  return invitationDto(row, now)
}

/** POST /team/invite/{id}/resend: a new link valid 7 days; the old one dies. */
export async function resendInvitation(ctx: SignedInContext, id: string) {
  const { businessId, id: actorId } = ctx.actor
  const now = ctx.now()
  const token = randomToken()
  const row = await ctx.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, businessId)
    const found = await findInvitation(tx, businessId, id)
    if (!found) throw notFound(INVITATION_NOT_FOUND)
    // An expired invitation held no seat: renewing it takes one again.
    if (found.expiresAt.getTime() <= now.getTime()) {
      const taken = await seatsTaken(tx, businessId, now)
      assertSeatFree(plan, taken.members + taken.invitations)
    }
    return renewInvitation(tx, businessId, id, {
      tokenHash: hashToken(token),
      sentAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    })
  })
  if (!row) throw notFound(INVITATION_NOT_FOUND)
  await sendInvitation(ctx, row, token)
  await recordAudit(ctx, {
    action: 'team.invite_resend',
    actorId,
    businessId,
    details: { invitationId: id },
  })
  return invitationDto(row, now)
}

/** DELETE /team/invite/{id}: the link stops working and the seat is free again. */
export async function cancelInvitation(ctx: SignedInContext, id: string) {
  const { businessId, id: actorId } = ctx.actor
  if (!(await deleteInvitation(ctx.db, businessId, id))) throw notFound(INVITATION_NOT_FOUND)
  await recordAudit(ctx, {
    action: 'team.invite_delete',
    actorId,
    businessId,
    details: { invitationId: id },
  })
  return { deleted: true as const }
}

/** A member of the caller's business other than the caller (another business's id → 404). */
async function otherMember(ctx: SignedInContext, id: string) {
  if (id === ctx.actor.id) throw badRequest(CANNOT_CHANGE_YOURSELF)
  const member = await findMember(ctx.db, ctx.actor.businessId, id)
  if (!member) throw notFound(MEMBER_NOT_FOUND)
  if (member.isPrimaryUser) throw badRequest(CANNOT_CHANGE_YOURSELF)
  return member
}

/** PUT /team/{id}/deactivate: every session ends at once; their next call answers 401. */
export async function deactivateMember(ctx: SignedInContext, id: string) {
  const member = await otherMember(ctx, id)
  const revoked = await ctx.db.transaction(async (tx) => {
    await setMemberActive(tx, ctx.actor.businessId, member.id, false)
    return endUserAccess(withDb(ctx, tx), member.id, 'deactivated')
  })
  await recordAudit(ctx, {
    action: 'team.member_deactivate',
    actorId: ctx.actor.id,
    businessId: ctx.actor.businessId,
    details: { memberId: member.id, sessionsRevoked: revoked },
  })
  return { id: member.id, isActive: false }
}

/** PUT /team/{id}/reactivate: takes a seat again, so the plan's limit is checked again. */
export async function reactivateMember(ctx: SignedInContext, id: string) {
  const { businessId } = ctx.actor
  const member = await otherMember(ctx, id)
  if (!member.isActive) {
    await ctx.db
      .transaction(async (tx) => {
        const plan = await lockPlan(tx, businessId)
        const taken = await seatsTaken(tx, businessId, ctx.now())
        assertSeatFree(plan, taken.members + taken.invitations)
        await setMemberActive(tx, businessId, member.id, true)
      })
      .catch(async (err: unknown) => {
        // A refusal is logged like the invitation's, so the holder sees the seat limit at work.
        if (err instanceof AppError && err.code === 'UPGRADE_REQUIRED') {
          await recordAudit(ctx, {
            action: 'team.member_reactivate',
            outcome: 'denied',
            actorId: ctx.actor.id,
            businessId,
            details: { memberId: member.id, reason: 'seat_limit' },
          })
        }
        throw err
      })
  }
  await recordAudit(ctx, {
    action: 'team.member_reactivate',
    actorId: ctx.actor.id,
    businessId,
    details: { memberId: member.id },
  })
  return { id: member.id, isActive: true }
}

/** POST /team/{id}/reset-password: emails the member a single-use reset link. */
export async function resetMemberPassword(ctx: SignedInContext, id: string) {
  const member = await otherMember(ctx, id)
  const url = await issueResetLink(ctx, member.id)
  const name = (await businessName(ctx, ctx.actor.businessId)) ?? 'your practice'
  await ctx.mailer.send({
    ...teamPasswordResetEmail(member.firstName, name, url),
    to: { name: member.firstName, address: member.email },
  })
  await recordAudit(ctx, {
    action: 'team.member_reset_password',
    actorId: ctx.actor.id,
    businessId: ctx.actor.businessId,
    details: { memberId: member.id },
  })
  return { sent: true as const }
}

/**
 * DELETE /team/{id}: the member's account is deleted (sessions end, settings go); the audit
 * trail keeps their events under their id, as the business's record.
 */
export async function removeMember(ctx: SignedInContext, id: string) {
  const member = await otherMember(ctx, id)
  await ctx.db.transaction(async (tx) => {
    await endUserAccess(withDb(ctx, tx), member.id, 'removed')
    await deleteMember(tx, ctx.actor.businessId, member.id)
  })
  await recordAudit(ctx, {
    action: 'team.member_remove',
    actorId: ctx.actor.id,
    businessId: ctx.actor.businessId,
    details: { memberId: member.id },
  })
  return { deleted: true as const }
}
