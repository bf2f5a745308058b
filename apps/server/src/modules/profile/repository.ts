/** The user record: Drizzle queries only. Passwords and sessions keep their own columns' queries. */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cachedRead } from '../../db/read-cache'
import { businessSubscriptions, businesses, userPdfUsage, users } from '../../db/schema'

export type UserRow = typeof users.$inferSelect
export type SubscriptionRow = typeof businessSubscriptions.$inferSelect

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

/**
 * The columns of the User answer: the user, the business's name, its subscription (left join) and
 * the user's own PDF count of the month (left join). The sessions module's `me` lookup selects
 * them beside the session, in one statement.
 */
export const userWithSubscriptionColumns = {
  user: users,
  businessName: businesses.name,
  subscription: businessSubscriptions,
  ownUsage: { count: userPdfUsage.count, period: userPdfUsage.period },
}

export type UserWithSubscription = {
  user: UserRow
  businessName: string
  subscription: SubscriptionRow | null
  ownUsage: { count: number; period: string } | null
}

function buildUserWithSubscription(db: Db) {
  return db
    .select(userWithSubscriptionColumns)
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, users.businessId))
    .leftJoin(userPdfUsage, eq(userPdfUsage.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_with_subscription')
}

// Prepared once per database: every sign-in and registration answers with it
// (docs/decisions/011-api-hot-path.md).
const userWithSubscription = new WeakMap<Db, ReturnType<typeof buildUserWithSubscription>>()

/**
 * The user with their business's name, subscription (null when it has none) and own PDF count
 * of the month (null before their first), in one statement.
 */
export async function findUserWithSubscription(
  db: Db,
  id: string,
): Promise<UserWithSubscription | undefined> {
  let query = userWithSubscription.get(db)
  if (!query) userWithSubscription.set(db, (query = buildUserWithSubscription(db)))
  const rows = await cachedRead(() => query.execute({ id }))
  return rows[0]
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

export async function updateUserProfile(
  db: Db,
  userId: string,
  values: Pick<UserRow, 'firstName' | 'lastName' | 'therapistTitle' | 'therapistPhone'> &
    Partial<Pick<UserRow, 'licenseNumber'>>,
) {
  await db.update(users).set(values).where(eq(users.id, userId))
}
