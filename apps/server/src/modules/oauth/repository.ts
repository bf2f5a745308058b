/** OAuth accounts and connections in progress. Drizzle queries only; tokens arrive sealed. */
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import type { Db } from '../../db/client'
import { oauthAccounts, oauthStates } from '../../db/schema'

export type OAuthAccountRow = typeof oauthAccounts.$inferSelect
export type OAuthStateRow = typeof oauthStates.$inferSelect

export async function insertState(db: Db, row: typeof oauthStates.$inferInsert, now: Date) {
  // Lapsed states of this user go as a new one is made, so the table never grows unbounded.
  await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.userId, row.userId), lt(oauthStates.expiresAt, now)))
  await db.insert(oauthStates).values(row)
}

/** Takes a state out (single use): whoever deletes it first gets it, a replay gets nothing. */
export async function takeState(db: Db, stateHash: string): Promise<OAuthStateRow | undefined> {
  const rows = await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning()
  return rows[0]
}

export async function listAccounts(db: Db, userId: string): Promise<OAuthAccountRow[]> {
  return db
    .select()
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(oauthAccounts.connectedAt)
}

export async function findAccount(
  db: Db,
  userId: string,
  provider: OAuthProvider,
): Promise<OAuthAccountRow | undefined> {
  const rows = await db
    .select()
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)))
  return rows[0]
}

export async function findAccountById(db: Db, id: string): Promise<OAuthAccountRow | undefined> {
  const rows = await db.select().from(oauthAccounts).where(eq(oauthAccounts.id, id))
  return rows[0]
}

/**
 * Takes the refresh lease of an account until `until`, unless another holder's lease is still
 * running: one atomic UPDATE, so of two instances exactly one gets the row back.
 */
export async function takeRefreshLease(
  db: Db,
  id: string,
  now: Date,
  until: Date,
): Promise<OAuthAccountRow | undefined> {
  const rows = await db
    .update(oauthAccounts)
    .set({ refreshLeaseUntil: until })
    .where(
      and(
        eq(oauthAccounts.id, id),
        or(isNull(oauthAccounts.refreshLeaseUntil), lt(oauthAccounts.refreshLeaseUntil, now)),
      ),
    )
    .returning()
  return rows[0]
}

export async function upsertAccount(db: Db, row: typeof oauthAccounts.$inferInsert) {
  const { id: _id, userId: _u, provider: _p, connectedAt: _c, ...changes } = row
  await db
    .insert(oauthAccounts)
    .values(row)
    .onConflictDoUpdate({ target: [oauthAccounts.userId, oauthAccounts.provider], set: changes })
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: Partial<Omit<typeof oauthAccounts.$inferInsert, 'id' | 'userId' | 'provider'>>,
) {
  await db.update(oauthAccounts).set(changes).where(eq(oauthAccounts.id, id))
}

export async function deleteAccount(db: Db, id: string) {
  await db.delete(oauthAccounts).where(eq(oauthAccounts.id, id))
}
