/**
 * The address book's rows (this module's table), every query filtered by the caller's business.
 * Drizzle only.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { businesses, providers } from '../../db/schema'

export type ProviderRow = typeof providers.$inferSelect
/** The columns a caller writes: the contact and the specialty, absent fields null. */
export type ProviderValues = Pick<
  typeof providers.$inferInsert,
  'name' | 'credentials' | 'practice' | 'specialty' | 'email' | 'phone' | 'fax' | 'address'
>

/** The business's providers by name (case-insensitive), then by when they were added. */
export function providersOf(db: Db, businessId: string): Promise<ProviderRow[]> {
  return db
    .select()
    .from(providers)
    .where(eq(providers.businessId, businessId))
    .orderBy(sql`lower(${providers.name})`, asc(providers.createdAt))
}

export async function providerCount(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(providers)
    .where(eq(providers.businessId, businessId))
  return Number(row?.n ?? 0)
}

/**
 * Locks the business row until the transaction ends, so two concurrent additions cannot both
 * take the address book's last place.
 */
export async function lockBusiness(db: Db, businessId: string): Promise<void> {
  await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update')
}

export async function insertProviders(
  db: Db,
  businessId: string,
  rows: readonly ProviderValues[],
  now: Date,
): Promise<ProviderRow[]> {
  if (!rows.length) return []
  return db
    .insert(providers)
    .values(rows.map((r) => ({ ...r, businessId, createdAt: now, updatedAt: now })))
    .returning()
}

export async function updateProvider(
  db: Db,
  businessId: string,
  id: string,
  values: ProviderValues,
  now: Date,
): Promise<ProviderRow | undefined> {
  const [row] = await db
    .update(providers)
    .set({ ...values, updatedAt: now })
    .where(and(eq(providers.id, id), eq(providers.businessId, businessId)))
    .returning()
  return row
}

export async function deleteProvider(
  db: Db,
  businessId: string,
  id: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .delete(providers)
    .where(and(eq(providers.id, id), eq(providers.businessId, businessId)))
    .returning({ id: providers.id })
  return row
}
