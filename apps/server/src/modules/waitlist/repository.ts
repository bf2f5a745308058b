/** Waitlist entries: one per email (case-insensitive). */
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { waitlistEntries } from '../../db/schema'

export type WaitlistRow = typeof waitlistEntries.$inferSelect

/** Adds an entry; returns it, or undefined when the email is already on the list. */
export async function insertWaitlistEntry(db: Db, values: typeof waitlistEntries.$inferInsert) {
  const rows = await db.insert(waitlistEntries).values(values).onConflictDoNothing().returning()
  return rows[0]
}

export async function listWaitlist(db: Db) {
  return db.select().from(waitlistEntries).orderBy(desc(waitlistEntries.createdAt))
}

export async function findWaitlistEntry(db: Db, id: string) {
  const rows = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id))
  return rows[0]
}

export async function markInvited(db: Db, id: string, inviteCodeId: string, now: Date) {
  await db
    .update(waitlistEntries)
    .set({ invitedAt: now, inviteCodeId })
    .where(eq(waitlistEntries.id, id))
}
