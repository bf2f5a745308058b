/** The audit trail's rows: Drizzle queries only. */
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditEvents } from '../../db/schema'

export async function insertAuditEvent(db: Db, values: typeof auditEvents.$inferInsert) {
  await db.insert(auditEvents).values(values)
}

/** Audit events for the export: the business's, or one person's within it. Newest first. */
export async function auditEventsOf(
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

/** Replaces a person in the audit trail by a tombstone id (rows stay; the person does not). */
export async function replaceActor(db: Db, userId: string, tombstoneId: string) {
  await db.update(auditEvents).set({ actorId: tombstoneId }).where(eq(auditEvents.actorId, userId))
}
