/**
 * The audit trail (HIPAA 164.312(b)): who did what, when, from where, and the outcome.
 * `details` holds ids, versions and outcomes only — never patient data, bodies or secrets.
 */
import type { ServiceContext } from '../../lib/service-context'
import { auditEventsOf, insertAuditEvent, replaceActor } from './repository'

export type AuditEvent = {
  action: string
  outcome?: 'success' | 'failure' | 'denied'
  businessId?: string | null
  actorId?: string | null
  details?: Record<string, unknown>
}

/** Records an event with the call's origin (IP and user agent). */
export async function recordAudit(ctx: ServiceContext, event: AuditEvent): Promise<void> {
  await insertAuditEvent(ctx.db, {
    action: event.action,
    outcome: event.outcome ?? 'success',
    businessId: event.businessId ?? null,
    actorId: event.actorId ?? null,
    ip: ctx.origin.ip,
    userAgent: ctx.origin.userAgent,
    details: event.details ?? null,
  })
}

/** A business's trail, or one person's within it, newest first (the data export). */
export async function auditTrail(
  ctx: ServiceContext,
  query: { businessId: string; actorId?: string; limit: number },
) {
  return auditEventsOf(ctx.db, query.businessId, query.actorId, query.limit)
}

/** Keeps a deleted person's events under a tombstone id (account deletion). */
export async function replaceAuditActor(ctx: ServiceContext, userId: string, tombstoneId: string) {
  await replaceActor(ctx.db, userId, tombstoneId)
}
