/** Account deletion: Drizzle queries only, each by the caller's business or id. */
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { businesses, users } from '../../db/schema'

export async function userIdsOfBusiness(db: Db, businessId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.businessId, businessId))
  return rows.map((r) => r.id)
}

/** Deletes users; their sessions, history, settings and reset links go with them (cascade). */
export async function deleteUsers(db: Db, ids: string[]) {
  if (ids.length) await db.delete(users).where(inArray(users.id, ids))
}

/** Deletes a business; its subscription, logo, settings, acceptances and codes cascade. */
export async function deleteBusiness(db: Db, businessId: string) {
  await db.delete(businesses).where(eq(businesses.id, businessId))
}
