/**
 * The team's rows: invitations (this module's table), and the members of a business (the users
 * table: their active flag, and removal). Every query is filtered by the business. Drizzle only.
 */
import { and, count, desc, eq, gt, isNull, max, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  businessLogos,
  businessSubscriptions,
  businesses,
  passkeys,
  sessions,
  teamInvitations,
  userPdfUsage,
  userTotp,
  users,
} from '../../db/schema'

export type InvitationRow = typeof teamInvitations.$inferSelect

/**
 * Locks the business's plan row until the transaction ends and answers its plan: every seat
 * decision of a business is taken under this lock, so two concurrent invitations (or an
 * invitation and an acceptance) cannot both take the last seat.
 */
/** What the seats depend on: the plan, the extra seats bought, a downgrade scheduled. */
const seatColumns = {
  planType: businessSubscriptions.planType,
  extraSeats: businessSubscriptions.extraSeats,
  scheduledPlanType: businessSubscriptions.scheduledPlanType,
}

export async function lockPlan(db: Db, businessId: string) {
  const [row] = await db
    .select(seatColumns)
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
    .for('update')
  return row
}

/** The business's plan, read without a lock (the team page). */
export async function planOf(db: Db, businessId: string) {
  const [row] = await db
    .select(seatColumns)
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
  return row
}

/** Active members, and invitations still pending and unexpired (each holds a seat). */
export async function seatsTaken(db: Db, businessId: string, now: Date) {
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.isActive, true)))
  const [invited] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.businessId, businessId),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
  return { members: Number(members?.n ?? 0), invitations: Number(invited?.n ?? 0) }
}

/**
 * The members of a business with their newest sign-in, their PDF count row and whether they have
 * a second step (a passkey or a confirmed authenticator app: the two-step module's tables, read).
 */
export async function membersOf(db: Db, businessId: string) {
  const lastSignIn = db
    .select({ userId: sessions.userId, at: max(sessions.createdAt).as('last_sign_in_at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('last_sign_in')
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      therapistTitle: users.therapistTitle,
      isActive: users.isActive,
      isPrimaryUser: users.isPrimaryUser,
      createdAt: users.createdAt,
      lastSignInAt: lastSignIn.at,
      pdfPeriod: userPdfUsage.period,
      pdfCount: userPdfUsage.count,
      twoStep:
        sql<boolean>`(exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})
        or exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id}
          and ${userTotp.confirmedAt} is not null))`.mapWith(Boolean),
    })
    .from(users)
    .leftJoin(lastSignIn, eq(lastSignIn.userId, users.id))
    .leftJoin(userPdfUsage, eq(userPdfUsage.userId, users.id))
    .where(eq(users.businessId, businessId))
    .orderBy(desc(users.isPrimaryUser), users.createdAt)
}

export async function findMember(db: Db, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.id, id)))
  return row
}

export async function setMemberActive(db: Db, businessId: string, id: string, active: boolean) {
  await db
    .update(users)
    .set({ isActive: active })
    .where(and(eq(users.businessId, businessId), eq(users.id, id)))
}

/** Deletes a member's user row (sessions, settings and history cascade; audit rows stay). */
export async function deleteMember(db: Db, businessId: string, id: string) {
  await db
    .delete(users)
    .where(and(eq(users.businessId, businessId), eq(users.id, id), eq(users.isPrimaryUser, false)))
}

/** Pending (not accepted) invitations of a business, newest first. */
export async function pendingInvitations(db: Db, businessId: string) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.businessId, businessId), isNull(teamInvitations.acceptedAt)))
    .orderBy(desc(teamInvitations.sentAt))
}

export async function findPendingInvitationByEmail(db: Db, businessId: string, email: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.businessId, businessId),
        sql`lower(${teamInvitations.email}) = ${email.toLowerCase()}`,
        isNull(teamInvitations.acceptedAt),
      ),
    )
  return row
}

export async function findInvitation(db: Db, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.businessId, businessId),
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
      ),
    )
  return row
}

export async function insertInvitation(db: Db, values: typeof teamInvitations.$inferInsert) {
  const [row] = await db.insert(teamInvitations).values(values).returning()
  return row!
}

/** A new token for an invitation: the old one stops working at once. */
export async function renewInvitation(
  db: Db,
  businessId: string,
  id: string,
  values: { tokenHash: string; sentAt: Date; expiresAt: Date },
) {
  const [row] = await db
    .update(teamInvitations)
    .set(values)
    .where(
      and(
        eq(teamInvitations.businessId, businessId),
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning()
  return row
}

export async function deleteInvitation(db: Db, businessId: string, id: string) {
  const rows = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.businessId, businessId),
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning({ id: teamInvitations.id })
  return rows.length > 0
}

/** An invitation by its token's hash, with the business and who sent it. */
export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: teamInvitations,
      businessName: businesses.name,
      logoHash: businessLogos.hash,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(teamInvitations)
    .innerJoin(businesses, eq(businesses.id, teamInvitations.businessId))
    .leftJoin(businessLogos, eq(businessLogos.businessId, teamInvitations.businessId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedById))
    .where(eq(teamInvitations.tokenHash, tokenHash))
  return row
}

/** Marks an invitation used, once: of two acceptances racing, one claims it. */
export async function claimInvitation(db: Db, id: string, now: Date) {
  const rows = await db
    .update(teamInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .returning({ id: teamInvitations.id })
  return rows.length > 0
}

/** A new member's user row (the invitation module creates members, as registration creates owners). */
export async function insertMemberUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning()
  return row!
}

/** A returning member: active again, with the details and password they just gave. */
export async function reactivateMemberUser(
  db: Db,
  businessId: string,
  id: string,
  values: Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'therapistTitle' | 'therapistPhone' | 'passwordHash'
  > & { passwordChangedAt: Date },
) {
  const [row] = await db
    .update(users)
    .set({ ...values, isActive: true })
    .where(and(eq(users.businessId, businessId), eq(users.id, id)))
    .returning()
  return row!
}

/** Pending, unexpired invitations, newest first (the first revoked when seats shrink). */
export async function newestPendingInvitations(db: Db, businessId: string, now: Date) {
  return db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.businessId, businessId),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(teamInvitations.sentAt))
}
