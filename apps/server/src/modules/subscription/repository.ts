/** The business's subscription row, its monthly PDF count and its plan-change log: Drizzle only. */
import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { businessSubscriptions, subscriptionChanges, users } from '../../db/schema'

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

/** Active members count towards Professional's per-user limit. */
export async function activeMemberCount(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.isActive, true)))
  return Number(row?.n ?? 0)
}

const t = businessSubscriptions
/** This month's count: the stored one while it is of `period`, else 0 (a new month). */
const countIn = (period: string) =>
  sql`case when ${t.monthlyPdfPeriod} = ${period} then ${t.monthlyPdfGenerated} else 0 end`

/**
 * Takes one PDF of the month's allowance if the plan still allows it. The WHERE re-checks status,
 * trial end and the count inside the UPDATE itself: of N requests racing for the last PDF exactly
 * one matches. Returns whether it was taken.
 */
export async function takeMonthlyPdf(
  db: Db,
  businessId: string,
  period: string,
  limit: number,
  now: Date,
): Promise<boolean> {
  const current = countIn(period)
  const taken = await db
    .update(t)
    .set({ monthlyPdfGenerated: sql`${current} + 1`, monthlyPdfPeriod: period })
    .where(
      and(
        eq(t.businessId, businessId),
        sql`${t.status} in ('trial', 'active')`,
        sql`(${t.status} <> 'trial' or ${t.trialEnd} is null or ${t.trialEnd} >= ${now.toISOString()}::timestamptz)`,
        sql`${current} < ${limit}`,
      ),
    )
    .returning({ id: t.id })
  return taken.length > 0
}

/** Gives one PDF of `period` back (never below zero). */
export async function returnMonthlyPdf(db: Db, businessId: string, period: string) {
  await db
    .update(t)
    .set({ monthlyPdfGenerated: sql`greatest(${t.monthlyPdfGenerated} - 1, 0)` })
    .where(and(eq(t.businessId, businessId), eq(t.monthlyPdfPeriod, period)))
}
