/** The business's subscription row and its plan-change log: Drizzle queries only. */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { businessSubscriptions, subscriptionChanges } from '../../db/schema'

export type SubscriptionRow = typeof businessSubscriptions.$inferSelect

export async function findSubscriptionRow(db: Db, businessId: string) {
  const rows = await db
    .select()
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
  return rows[0]
}

export async function updateSubscription(
  db: Db,
  businessId: string,
  values: Partial<Omit<SubscriptionRow, 'id' | 'businessId' | 'createdAt'>>,
) {
  const rows = await db
    .update(businessSubscriptions)
    .set(values)
    .where(eq(businessSubscriptions.businessId, businessId))
    .returning()
  return rows[0]!
}

export async function insertPlanChange(db: Db, values: typeof subscriptionChanges.$inferInsert) {
  await db.insert(subscriptionChanges).values(values)
}
