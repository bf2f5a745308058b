/** The audit trail's rows: Drizzle queries only, each filtered by business. */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditEvents, teamInvitations, users } from '../../db/schema'

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

/** Where a page of the activity log starts: the previous page's last row, its time as the database wrote it. */
export type AuditCursor = { at: string; id: string }

export type AuditSearch = {
  businessId: string
  actorId?: string
  action?: string
  /** Inclusive lower bound. */
  from?: Date
  /** Exclusive upper bound. */
  until?: Date
  after?: AuditCursor
  limit: number
}

/**
 * One page of the activity log, newest first, with the actor's name while they are on the team.
 * `atText` is the timestamp as PostgreSQL prints it: a cursor built from it loses no microseconds
 * (a JavaScript Date would, and the next page would repeat or skip rows).
 */
export function auditSearchQuery(db: Db, q: AuditSearch) {
  const t = auditEvents
  const where: Array<SQL | undefined> = [
    eq(t.businessId, q.businessId),
    q.actorId ? eq(t.actorId, q.actorId) : undefined,
    q.action ? eq(t.action, q.action) : undefined,
    q.from ? gte(t.at, q.from) : undefined,
    q.until ? lt(t.at, q.until) : undefined,
    q.after
      ? sql`(${t.at}, ${t.id}) < (${q.after.at}::timestamptz, ${q.after.id}::uuid)`
      : undefined,
  ]
  return (
    db
      .select({
        id: t.id,
        at: t.at,
        atText: sql<string>`${t.at}::text`,
        actorId: t.actorId,
        action: t.action,
        outcome: t.outcome,
        ip: t.ip,
        details: t.details,
        firstName: users.firstName,
        lastName: users.lastName,
        inviteeFirstName: teamInvitations.firstName,
        inviteeLastName: teamInvitations.lastName,
      })
      .from(t)
      .leftJoin(users, and(eq(users.id, t.actorId), eq(users.businessId, t.businessId)))
      // An invitation's events name the person invited, as long as the invitation is kept.
      .leftJoin(
        teamInvitations,
        and(
          sql`${teamInvitations.id}::text = ${t.details}->>'invitationId'`,
          eq(teamInvitations.businessId, t.businessId),
        ),
      )
      .where(and(...where))
      .orderBy(desc(t.at), desc(t.id))
      .limit(q.limit)
  )
}

/** Runs `auditSearchQuery` (the bench prints the same query's plan). */
export async function searchAuditEvents(db: Db, q: AuditSearch) {
  return auditSearchQuery(db, q)
}

/** Replaces a person in the audit trail by a tombstone id (rows stay; the person does not). */
export async function replaceActor(db: Db, userId: string, tombstoneId: string) {
  await db.update(auditEvents).set({ actorId: tombstoneId }).where(eq(auditEvents.actorId, userId))
}
