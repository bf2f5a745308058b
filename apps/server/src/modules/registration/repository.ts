/** A new account's rows: the business with its trial subscription, and its primary user. */
import type { Db } from '../../db/client'
import { businessSubscriptions, businesses, users } from '../../db/schema'

export type NewUserRow = typeof users.$inferSelect

export async function insertBusinessWithSubscription(
  db: Db,
  business: typeof businesses.$inferInsert,
  subscription: Omit<typeof businessSubscriptions.$inferInsert, 'businessId'>,
): Promise<string> {
  const [row] = await db.insert(businesses).values(business).returning({ id: businesses.id })
  await db.insert(businessSubscriptions).values({ ...subscription, businessId: row!.id })
  return row!.id
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<NewUserRow> {
  const [row] = await db.insert(users).values(values).returning()
  return row!
}
