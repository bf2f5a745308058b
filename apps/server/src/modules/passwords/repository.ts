/** Password hashes, their history and reset tokens: Drizzle queries only. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { passwordHistory, passwordResetTokens, users } from '../../db/schema'

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
