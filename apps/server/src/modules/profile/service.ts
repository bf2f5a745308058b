/**
 * The user record: the User every sign-in answers, the lookups other modules make by email or id,
 * and the signed-in user's own details (PUT /auth/profile, the settings' profile tab).
 */
import { USER_DATA_NOT_AVAILABLE } from '@myodocs/shared/constants/messages'
import type { User } from '@myodocs/shared/contracts/auth'
import { AppError } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { pdfUsageState } from '../subscription'
import {
  activePrimaryUsers,
  findUserByEmail,
  findUserById,
  findUserWithSubscription,
  updateUserProfile,
} from './repository'
import type { UserWithSubscription } from './repository'
import { toUserDto } from './user-dto'

/** The User (as login and register answer it) of one user. */
export async function currentUser(ctx: ServiceContext, userId: string): Promise<User> {
  const found = await findUserWithSubscription(ctx.db, userId)
  if (!found) throw new AppError('NOT_FOUND', USER_DATA_NOT_AVAILABLE, 404)
  return userFromRow(ctx, found)
}

/** The User of a row read with `userWithSubscriptionColumns` (here, or by GET /auth/me's guard). */
export async function userFromRow(ctx: ServiceContext, found: UserWithSubscription): Promise<User> {
  // On Professional the count and limit shown are the user's own (docs/product/plans.md).
  const usage = found.subscription
    ? await pdfUsageState(ctx, found.subscription, found.user.id, found.ownUsage)
    : null
  return toUserDto(found.user, found.businessName, usage, ctx.now(), usage?.limit)
}

/** A user by email, any case (sign-in, registration, password reset). */
export const userByEmail = (ctx: ServiceContext, email: string) => findUserByEmail(ctx.db, email)

export const userById = (ctx: ServiceContext, id: string) => findUserById(ctx.db, id)

/** The active account holders of a business: who gets its account emails. */
export const accountHolders = (ctx: ServiceContext, businessId: string) =>
  activePrimaryUsers(ctx.db, businessId)

/** PUT /auth/profile: the caller's names, title, phone and licence number; answers the User. */
export async function updateProfile(
  ctx: SignedInContext,
  body: {
    firstName: string
    lastName: string
    therapistTitle: string
    therapistPhone: string
    licenseNumber?: string
  },
): Promise<User> {
  const { actor } = ctx
  await updateUserProfile(ctx.db, actor.id, body)
  await recordAudit(ctx, {
    action: 'auth.profile_update',
    actorId: actor.id,
    businessId: actor.businessId,
  })
  return currentUser(ctx, actor.id)
}
