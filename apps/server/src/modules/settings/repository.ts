/** Settings rows: practice-wide by business, personal by user. Drizzle queries only. */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cachedRead } from '../../db/read-cache'
import { businessSettings, userSettings, users } from '../../db/schema'

export type BusinessSettingsKey = 'pdf' | 'exerciseVideos'
export type UserSettingsKey = 'notifications' | 'email'

function buildAllSettings(db: Db) {
  return db
    .select({ business: businessSettings, personal: userSettings })
    .from(users)
    .leftJoin(businessSettings, eq(businessSettings.businessId, users.businessId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(eq(users.id, sql.placeholder('id')), eq(users.businessId, sql.placeholder('businessId'))),
    )
    .prepare('all_settings')
}

// Prepared once per database: GET /settings and every document run it.
const allSettingsQueries = new WeakMap<Db, ReturnType<typeof buildAllSettings>>()

/**
 * The practice's and the user's settings rows in one query (GET /settings, every document);
 * cached on PGlite (db/read-cache.ts).
 */
export async function findAllSettings(db: Db, owner: { id: string; businessId: string }) {
  let query = allSettingsQueries.get(db)
  if (!query) allSettingsQueries.set(db, (query = buildAllSettings(db)))
  const rows = await cachedRead(() => query.execute({ id: owner.id, businessId: owner.businessId }))
  return rows[0] ?? { business: null, personal: null }
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
