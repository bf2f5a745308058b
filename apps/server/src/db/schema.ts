/**
 * The one pg-core schema (PostgreSQL on both PGlite and a server). Migrations are generated
 * from it with `npm run db:generate` and applied at start-up.
 *
 * The no-PHI rule: nothing here may hold patient data (ARCHITECTURE.md).
 * Keep SQL portable to PostgreSQL 15: PGlite is 18, so 16+ features would pass locally and fail
 * on the server.
 */
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

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
  (t) => [index('audit_events_business_at_idx').on(t.businessId, t.at)],
)
