/**
 * Shared by every instance: the fixed-window counters of the rate limits, and the audit trail
 * (docs/decisions/014-audit-log.md).
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

/** Fixed-window counters shared by every instance (rate limits, login throttling). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/**
 * Append-only audit trail (HIPAA 164.312(b)). `details` holds ids and outcomes only, never
 * patient data, email bodies or secrets. The person may be replaced by a tombstone id on deletion.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    at: createdAt(),
    businessId: uuid('business_id'),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_business_at_idx').on(t.businessId, t.at),
    // Settings → Activity filters by event or by person; retention deletes by age.
    index('audit_events_business_action_at_idx').on(t.businessId, t.action, t.at),
    index('audit_events_actor_at_idx').on(t.actorId, t.at),
    index('audit_events_at_idx').on(t.at),
  ],
)
