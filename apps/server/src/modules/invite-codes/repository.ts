/** Invite codes in the database. Consumption is one conditional UPDATE, so it is race-safe. */
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { inviteCodes } from '../../db/schema'

const usable = (code: string, now: Date) =>
  and(
    eq(inviteCodes.code, code),
    lt(inviteCodes.uses, inviteCodes.maxUses),
    or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, now)),
  )

export async function findUsableInviteCode(db: Db, code: string, now: Date) {
  const rows = await db.select().from(inviteCodes).where(usable(code, now))
  return rows[0]
}

/**
 * Takes one use of the code if it has one left and has not expired. Under concurrency the row
 * lock makes the second UPDATE re-check `uses < max_uses`, so the last use goes to exactly one.
 */
export async function takeInviteCodeUse(db: Db, code: string, now: Date) {
  const rows = await db
    .update(inviteCodes)
    .set({ uses: sql`${inviteCodes.uses} + 1` })
    .where(usable(code, now))
    .returning({ id: inviteCodes.id })
  return rows[0]?.id
}

export async function insertInviteCode(db: Db, values: typeof inviteCodes.$inferInsert) {
  const [row] = await db.insert(inviteCodes).values(values).onConflictDoNothing().returning()
  return row
}

export async function listInviteCodes(db: Db) {
  return db.select().from(inviteCodes).orderBy(desc(inviteCodes.createdAt))
}
