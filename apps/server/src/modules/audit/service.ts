/**
 * The audit trail (HIPAA 164.312(b)): who did what, when, from where, and the outcome.
 * `details` holds ids, versions and outcomes only — never patient data, bodies or secrets.
 */
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import { auditEvents } from '../../db/schema'

export type AuditEvent = {
  action: string
  outcome?: 'success' | 'failure' | 'denied'
  businessId?: string | null
  actorId?: string | null
  details?: Record<string, unknown>
}

/** Where a request came from, for the audit row. */
export function requestOrigin(req: FastifyRequest) {
  return { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 500) ?? null }
}

export async function recordAudit(
  db: Db,
  event: AuditEvent,
  origin: { ip?: string | null; userAgent?: string | null } = {},
): Promise<void> {
  await db.insert(auditEvents).values({
    action: event.action,
    outcome: event.outcome ?? 'success',
    businessId: event.businessId ?? null,
    actorId: event.actorId ?? null,
    ip: origin.ip ?? null,
    userAgent: origin.userAgent ?? null,
    details: event.details ?? null,
  })
}
