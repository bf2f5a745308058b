/**
 * The business profile and its logo: Drizzle queries only, each by the caller's business id. The
 * plan is read here, not through the subscription module, which calls this one (name confirmation).
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { businessLogos, businessSubscriptions, businesses } from '../../db/schema'

export type BusinessRow = typeof businesses.$inferSelect

export async function findBusinessWithLogo(db: Db, businessId: string) {
  const rows = await db
    .select({
      business: businesses,
      logo: { hash: businessLogos.hash, width: businessLogos.width, height: businessLogos.height },
    })
    .from(businesses)
    .leftJoin(businessLogos, eq(businessLogos.businessId, businesses.id))
    .where(eq(businesses.id, businessId))
  return rows[0]
}

export async function updateBusiness(
  db: Db,
  businessId: string,
  values: Pick<BusinessRow, 'name' | 'address' | 'phone'> &
    Partial<Pick<BusinessRow, 'email' | 'fax'>>,
) {
  await db.update(businesses).set(values).where(eq(businesses.id, businessId))
}

export async function saveLogo(
  db: Db,
  businessId: string,
  logo: { data: Buffer; mime: string; width: number; height: number; hash: string },
  now: Date,
) {
  await db
    .insert(businessLogos)
    .values({ businessId, ...logo, updatedAt: now })
    .onConflictDoUpdate({ target: businessLogos.businessId, set: { ...logo, updatedAt: now } })
}

export async function deleteLogo(db: Db, businessId: string): Promise<boolean> {
  const rows = await db
    .delete(businessLogos)
    .where(eq(businessLogos.businessId, businessId))
    .returning({ hash: businessLogos.hash })
  return rows.length > 0
}

export async function findLogo(db: Db, businessId: string) {
  const rows = await db.select().from(businessLogos).where(eq(businessLogos.businessId, businessId))
  return rows[0]
}

/** The business's plan (logo management depends on it). */
export async function planTypeOf(db: Db, businessId: string) {
  const rows = await db
    .select({ planType: businessSubscriptions.planType })
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
  return rows[0]?.planType
}
