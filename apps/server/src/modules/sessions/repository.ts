/**
 * Database access of the auth module: users, password history, sessions, refresh tokens and
 * reset tokens. Drizzle queries only; the rules live in the services.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  businessSubscriptions,
  businesses,
  passwordHistory,
  passwordResetTokens,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema'

export type UserRow = typeof users.$inferSelect
export type SessionRow = typeof sessions.$inferSelect
export type SubscriptionRow = typeof businessSubscriptions.$inferSelect

/** A business with its trial subscription (registration). */
export async function insertBusinessWithSubscription(
  db: Db,
  business: typeof businesses.$inferInsert,
  subscription: Omit<typeof businessSubscriptions.$inferInsert, 'businessId'>,
): Promise<string> {
  const [row] = await db.insert(businesses).values(business).returning({ id: businesses.id })
  await db.insert(businessSubscriptions).values({ ...subscription, businessId: row!.id })
  return row!.id
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning()
  return row!
}

/** The active primary users of a business (who get its account emails). */
export async function activePrimaryUsers(db: Db, businessId: string) {
  return db
    .select({
      id: users.id,
      businessId: users.businessId,
      email: users.email,
      firstName: users.firstName,
    })
    .from(users)
    .where(
      and(
        eq(users.businessId, businessId),
        eq(users.isPrimaryUser, true),
        eq(users.isActive, true),
      ),
    )
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  return rows[0]
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id))
  return rows[0]
}

/** The user with their business's name and subscription (null when it has none). */
export async function findUserWithSubscription(
  db: Db,
  id: string,
): Promise<
  { user: UserRow; businessName: string; subscription: SubscriptionRow | null } | undefined
> {
  const rows = await db
    .select({ user: users, businessName: businesses.name, subscription: businessSubscriptions })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, users.businessId))
    .where(eq(users.id, id))
  return rows[0]
}

/** The newest `count` password hashes of a user (the current one included). */
export async function recentPasswordHashes(db: Db, userId: string, count: number) {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(count)
  return rows.map((r) => r.hash)
}

/** Records a new password hash and keeps only the newest `keep`. */
export async function addPasswordToHistory(
  db: Db,
  userId: string,
  passwordHash: string,
  keep: number,
  now: Date,
) {
  await db.insert(passwordHistory).values({ userId, passwordHash, createdAt: now })
  const kept = db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(keep)
  await db
    .delete(passwordHistory)
    .where(and(eq(passwordHistory.userId, userId), sql`${passwordHistory.id} not in (${kept})`))
}

/** Sets a new password hash and rotates the drafts key (old drafts become unreadable). */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: now,
      draftKeyVersion: sql`${users.draftKeyVersion} + 1`,
    })
    .where(eq(users.id, userId))
}

export async function bumpDraftKeyVersion(db: Db, userId: string) {
  await db
    .update(users)
    .set({ draftKeyVersion: sql`${users.draftKeyVersion} + 1` })
    .where(eq(users.id, userId))
}

// ---------------------------------------------------------------------------------------------
// Sessions

export async function insertSession(
  db: Db,
  values: typeof sessions.$inferInsert,
  refreshTokenHash: string,
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning()
  await db
    .insert(refreshTokens)
    .values({ tokenHash: refreshTokenHash, sessionId: row!.id, createdAt: values.createdAt })
  return row!
}

/** The session an access token belongs to, with its user. */
export async function findSessionByAccessHash(db: Db, accessTokenHash: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessTokenHash, accessTokenHash))
  return rows[0]
}

export async function findSessionById(db: Db, id: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
  return rows[0]
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash))
  return rows[0]
}

/**
 * Marks a refresh token as exchanged, only if it was still current: the one atomic step that
 * lets exactly one of two concurrent refreshes rotate. Returns its session id, or undefined.
 */
export async function claimRefreshToken(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ sessionId: refreshTokens.sessionId })
  return rows[0]?.sessionId
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string, now: Date) {
  await db.insert(refreshTokens).values({ tokenHash, sessionId, createdAt: now })
}

export async function updateSession(
  db: Db,
  id: string,
  values: Partial<Pick<SessionRow, 'accessTokenHash' | 'accessExpiresAt' | 'lastActivityAt'>>,
) {
  await db.update(sessions).set(values).where(eq(sessions.id, id))
}

/** Revokes one session (if still live). */
export async function revokeSession(db: Db, id: string, reason: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
}

/** Revokes every live session of a user; returns how many. */
export async function revokeUserSessions(db: Db, userId: string, reason: string, now: Date) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return rows.length
}

/** Drops a user's sessions that ended before `before` (they are kept a while for support). */
export async function pruneEndedSessions(db: Db, userId: string, before: Date) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lt(sessions.revokedAt, before), lt(sessions.expiresAt, before)),
      ),
    )
}

// ---------------------------------------------------------------------------------------------
// Password reset tokens

export async function insertResetToken(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  // A new link replaces the older ones still open.
  await db
    .update(passwordResetTokens)
    .set({ usedAt: values.createdAt })
    .where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)))
  await db.insert(passwordResetTokens).values(values)
}

export async function findResetToken(db: Db, tokenHash: string) {
  const rows = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
  return rows[0]
}

/** Uses a reset token once: true only for the request that took it. */
export async function claimResetToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id })
  return rows.length === 1
}

export async function usersByIds(db: Db, ids: string[]) {
  if (!ids.length) return []
  return db.select().from(users).where(inArray(users.id, ids))
}

/**
 * Sets a new password chosen by the signed-in user (change-password). The drafts key stays: the
 * person proved the current password in a live session, and their encrypted drafts stay readable.
 */
export async function setChosenPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
) {
  await db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId))
}

/** Revokes every live session of a user except one (the browser that made the change). */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
  reason: string,
  now: Date,
) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.id} <> ${keepSessionId}`,
      ),
    )
    .returning({ id: sessions.id })
  return rows.length
}

export async function updateUserProfile(
  db: Db,
  userId: string,
  values: Pick<UserRow, 'firstName' | 'lastName' | 'therapistTitle' | 'therapistPhone'>,
) {
  await db.update(users).set(values).where(eq(users.id, userId))
}
