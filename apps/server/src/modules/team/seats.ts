/**
 * The seats of a team (docs/decisions/010-team.md): the check before a member or an invitation
 * takes one, and the seats as billing reads them (module `billing`): in use, and the invitations
 * revoked when fewer are paid for.
 */
import { PLANS } from '@myodocs/shared/constants/plans'
import {
  TEAM_NOT_ON_PLAN,
  teamFullAddSeat,
  teamLimitReached,
} from '@myodocs/shared/constants/team-messages'
import { seatLimit } from '@myodocs/shared/domain/subscription'
import type { SeatState } from '@myodocs/shared/domain/subscription'
import { AppError } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { deleteInvitation, newestPendingInvitations, planOf, seatsTaken } from './repository'

/** The plan's seat state, or none (a business without a subscription row has one seat). */
export type Seats = SeatState | undefined
/** The seats a plan allows. */
export const seatsOf = (plan: Seats) => (plan ? seatLimit(plan) : 1)

/**
 * Refuses when the plan has no seat left (1 seat: the plan has no team at all). A plan that sells
 * extra seats offers one; the others offer the upgrade.
 */
export function assertSeatFree(plan: Seats, taken: number) {
  const limit = seatsOf(plan)
  if (limit <= 1 && !plan?.extraSeats) throw new AppError('UPGRADE_REQUIRED', TEAM_NOT_ON_PLAN, 403)
  if (taken < limit) return
  const price = plan ? PLANS[plan.planType].additionalTeamMemberPrice : undefined
  throw new AppError(
    'UPGRADE_REQUIRED',
    price ? teamFullAddSeat(limit, price) : teamLimitReached(limit),
    403,
  )
}

/** Seats in use: active members plus pending, unexpired invitations. */
export async function seatsInUse(ctx: ServiceContext, businessId: string) {
  const taken = await seatsTaken(ctx.db, businessId, ctx.now())
  return taken.members + taken.invitations
}

/**
 * When fewer seats are paid for (a downgrade took effect, seats were removed in Stripe's portal),
 * the newest pending invitations beyond them are revoked: their links stop working. Members are
 * never removed here; the downgrade was refused while they did not fit.
 */
export async function revokeInvitationsBeyond(ctx: ServiceContext, businessId: string) {
  const now = ctx.now()
  const plan = await planOf(ctx.db, businessId)
  const taken = await seatsTaken(ctx.db, businessId, now)
  let over = taken.members + taken.invitations - seatsOf(plan)
  if (over <= 0) return 0
  const revoked: string[] = []
  for (const { id } of await newestPendingInvitations(ctx.db, businessId, now)) {
    if (over-- <= 0) break
    if (await deleteInvitation(ctx.db, businessId, id)) revoked.push(id)
  }
  for (const invitationId of revoked)
    await recordAudit(ctx, { action: 'team.invite_revoked', businessId, details: { invitationId } })
  return revoked.length
}
