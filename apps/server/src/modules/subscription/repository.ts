/** The business's subscription row, its monthly PDF count and its plan-change log: Drizzle only. */
import { and, eq, sql } from 'drizzle-orm'
import { PAYMENT_GRACE_DAYS } from '@myodocs/shared/constants/plans'
import type { Db } from '../../db/client'
import { businessSubscriptions, subscriptionChanges, userPdfUsage } from '../../db/schema'

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
  const graceStart = new Date(now.getTime() - PAYMENT_GRACE_DAYS * 86_400_000)
  const taken = await db
    .update(t)
    .set({ monthlyPdfGenerated: sql`${current} + 1`, monthlyPdfPeriod: period })
    .where(
      and(
        eq(t.businessId, businessId),
        // Past due keeps documents for the grace period (PAYMENT_GRACE_DAYS from the first failure).
        sql`(${t.status} in ('trial', 'active') or (${t.status} = 'past_due' and ${t.pastDueSince} >= ${graceStart.toISOString()}::timestamptz))`,
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

const u = userPdfUsage
/** A user's count of `period`: the stored one while it is of that month, else 0. */
const userCountIn = (period: string) =>
  sql`case when ${u.period} = ${period} then ${u.count} else 0 end`

/** A user's PDFs of the month as stored (`period` tells which month the count is of). */
export async function findUserPdfUsage(db: Db, userId: string) {
  const [row] = await db.select().from(u).where(eq(u.userId, userId))
  return row
}

/**
 * Counts one PDF for a user; with `limit`, only while their count of `period` is below it (one
 * conditional upsert, so concurrent renders at the limit never exceed it). Returns whether taken.
 */
export async function takeUserPdf(
  db: Db,
  userId: string,
  period: string,
  limit: number | null,
): Promise<boolean> {
  const taken = await db
    .insert(u)
    .values({ userId, period, count: 1 })
    .onConflictDoUpdate({
      target: u.userId,
      set: { count: sql`${userCountIn(period)} + 1`, period },
      setWhere: limit === null ? undefined : sql`${userCountIn(period)} < ${limit}`,
    })
    .returning({ userId: u.userId })
  return taken.length > 0
}

/** Gives one PDF of `period` back to a user (never below zero). */
export async function returnUserPdf(db: Db, userId: string, period: string) {
  await db
    .update(u)
    .set({ count: sql`greatest(${u.count} - 1, 0)` })
    .where(and(eq(u.userId, userId), eq(u.period, period)))
}
