/** Account export and deletion: Drizzle queries only, each by the caller's business or id. */
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditEvents, businesses, users } from '../../db/schema'

/** Audit events for the export: the business's, or one person's within it. Newest first. */
export async function auditEventsForExport(
  db: Db,
  businessId: string,
  actorId: string | undefined,
  limit: number,
) {
  const t = auditEvents
  return db
    .select({
      id: t.id,
      at: t.at,
      actorId: t.actorId,
      action: t.action,
      outcome: t.outcome,
      ip: t.ip,
      userAgent: t.userAgent,
      details: t.details,
    })
    .from(t)
    .where(and(eq(t.businessId, businessId), actorId ? eq(t.actorId, actorId) : undefined))
    .orderBy(desc(t.at))
    .limit(limit)
}

export async function userIdsOfBusiness(db: Db, businessId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.businessId, businessId))
  return rows.map((r) => r.id)
}

/** Replaces a person in the audit trail by a tombstone id (rows stay; the person does not). */
export async function tombstoneAuditActor(db: Db, userId: string, tombstoneId: string) {
  await db.update(auditEvents).set({ actorId: tombstoneId }).where(eq(auditEvents.actorId, userId))
}

/** Deletes users; their sessions, history, settings and reset links go with them (cascade). */
export async function deleteUsers(db: Db, ids: string[]) {
  if (ids.length) await db.delete(users).where(inArray(users.id, ids))
}

/** Deletes a business; its subscription, logo, settings, acceptances and codes cascade. */
export async function deleteBusiness(db: Db, businessId: string) {
  await db.delete(businesses).where(eq(businesses.id, businessId))
}
