/** Settings rows: practice-wide by business, personal by user. Drizzle queries only. */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { businessSettings, userSettings } from '../../db/schema'

export type BusinessSettingsKey = 'pdf' | 'exerciseVideos'
export type UserSettingsKey = 'notifications' | 'email'

export async function findBusinessSettings(db: Db, businessId: string) {
  const rows = await db
    .select()
    .from(businessSettings)
    .where(eq(businessSettings.businessId, businessId))
  return rows[0]
}

export async function findUserSettings(db: Db, userId: string) {
  const rows = await db.select().from(userSettings).where(eq(userSettings.userId, userId))
  return rows[0]
}

export async function saveBusinessSettings(
  db: Db,
  businessId: string,
  key: BusinessSettingsKey,
  value: Record<string, unknown>,
  now: Date,
) {
  await db
    .insert(businessSettings)
    .values({ businessId, [key]: value, updatedAt: now })
    .onConflictDoUpdate({
      target: businessSettings.businessId,
      set: { [key]: value, updatedAt: now },
    })
}

export async function saveUserSettings(
  db: Db,
  userId: string,
  key: UserSettingsKey,
  value: Record<string, unknown>,
  now: Date,
) {
  await db
    .insert(userSettings)
    .values({ userId, [key]: value, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { [key]: value, updatedAt: now } })
}
