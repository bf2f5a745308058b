/**
 * The audit trail (HIPAA 164.312(b)): who did what, when, from where, and the outcome. Only the
 * events of `AUDIT_EVENTS` may be written, each with the detail fields it allows (ids, counts,
 * flags, fixed words): never patient data, bodies or secrets (docs/decisions/014-audit-log.md).
 */
import { AUDIT_EVENTS } from '@myodocs/shared/contracts/audit'
import type { AuditDetails, AuditEventName, AuditOutcome } from '@myodocs/shared/contracts/audit'
import type { ServiceContext } from '../../lib/service-context'
import { auditEventsOf, insertAuditEvent, replaceActor } from './repository'

/** One event of the catalogue with the details it allows (checked by the compiler and at run time). */
export type AuditEvent = {
  [N in AuditEventName]: {
    action: N
    outcome?: AuditOutcome
    businessId?: string | null
    actorId?: string | null
    details?: AuditDetails<N>
  }
}[AuditEventName]

/** Records an event with the call's origin (IP and user agent). */
export async function recordAudit(ctx: ServiceContext, event: AuditEvent): Promise<void> {
  const parsed = AUDIT_EVENTS[event.action].safeParse(event.details ?? {})
  // A detail outside the catalogue is dropped, never stored: the event itself is still kept.
  if (!parsed.success)
    ctx.log.error(
      { action: event.action, fields: parsed.error.issues.map((i) => i.path.join('.')) },
      'audit details outside the catalogue dropped',
    )
  const details = parsed.success ? (parsed.data as Record<string, unknown>) : { invalid: true }
  await insertAuditEvent(ctx.db, {
    action: event.action,
    outcome: event.outcome ?? 'success',
    businessId: event.businessId ?? null,
    actorId: event.actorId ?? null,
    ip: ctx.origin.ip,
    userAgent: ctx.origin.userAgent,
    details: Object.keys(details).length > 0 ? details : null,
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
