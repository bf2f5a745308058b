/**
 * Billing's rows: the Stripe columns of the practice's subscription (written from Stripe's
 * objects only), the Stripe events already applied, and the invoices. Drizzle only.
 */
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { billingEvents, billingInvoices, businessSubscriptions } from '../../db/schema'

export type BillingRow = typeof businessSubscriptions.$inferSelect
type Changes = Partial<Omit<BillingRow, 'id' | 'businessId' | 'createdAt'>>

export async function findBillingRow(db: Db, businessId: string) {
  const [row] = await db
    .select()
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
  return row
}

export async function findBillingRowByCustomer(db: Db, customerId: string) {
  const [row] = await db
    .select()
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.stripeCustomerId, customerId))
  return row
}

/** The row under a lock, so two webhooks for one practice apply one after the other. */
export async function lockBillingRow(db: Db, businessId: string) {
  const [row] = await db
    .select()
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
    .for('update')
  return row
}

export async function updateBillingRow(db: Db, businessId: string, values: Changes) {
  const [row] = await db
    .update(businessSubscriptions)
    .set(values)
    .where(eq(businessSubscriptions.businessId, businessId))
    .returning()
  return row!
}

/** Sets the customer only while none is set; answers the one stored (a racing request's wins). */
export async function claimCustomer(db: Db, businessId: string, customerId: string) {
  await db
    .update(businessSubscriptions)
    .set({ stripeCustomerId: customerId })
    .where(
      and(
        eq(businessSubscriptions.businessId, businessId),
        isNull(businessSubscriptions.stripeCustomerId),
      ),
    )
  const row = await findBillingRow(db, businessId)
  return row?.stripeCustomerId ?? null
}

export async function billingEventSeen(db: Db, id: string) {
  const [row] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, id))
  return Boolean(row)
}

/** Records an event as applied; false when another delivery of it got there first. */
export async function recordBillingEvent(db: Db, id: string, type: string, at: Date) {
  const rows = await db
    .insert(billingEvents)
    .values({ id, type, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id })
  return rows.length > 0
}

export async function upsertInvoice(db: Db, values: typeof billingInvoices.$inferInsert) {
  await db
    .insert(billingInvoices)
    .values(values)
    .onConflictDoUpdate({
      target: billingInvoices.id,
      set: { amountCents: values.amountCents, status: values.status, url: values.url },
    })
}

export async function invoicesOf(db: Db, businessId: string, limit = 24) {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.businessId, businessId))
    .orderBy(desc(billingInvoices.createdAt))
    .limit(limit)
}
