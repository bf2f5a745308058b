/**
 * PDF usage: each user's count of the month for the plan's allowance, and the usage analytics
 * (docs/product/analytics.md) with its alerts.
 */
import { sql } from 'drizzle-orm'
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt, id } from './columns'
import { businesses, users } from './accounts'

/**
 * Each user's PDFs of the month: Professional's allowance is per user, and the team page shows
 * every member's usage. `period` is `YYYY-MM` (UTC); another month reads as 0.
 */
export const userPdfUsage = pgTable('user_pdf_usage', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  period: text('period').notNull(),
  count: integer('count').notNull().default(0),
})

/**
 * One row per PDF generated: who, which kind, when. No patient data by construction: the
 * request's content never reaches this table.
 */
export const pdfUsageEvents = pgTable(
  'pdf_usage_events',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Null once the member's account is deleted: the business's counts stay true. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A kind of the document registry. */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Covering (kind and user too), so the analytics aggregate is an index-only scan.
    index('pdf_usage_events_business_created_idx').on(t.businessId, t.createdAt, t.kind, t.userId),
    index('pdf_usage_events_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * The PDFs generated per UTC day, kind and user: the Analytics page reads these (a few thousand rows
 * a year) instead of the events. Upserted in the same transaction as each event.
 */
export const pdfUsageDaily = pgTable(
  'pdf_usage_daily',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Null once the member's account is deleted (several such rows may then share a day). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    uniqueIndex('pdf_usage_daily_key_idx').on(t.businessId, t.day, t.kind, t.userId),
    // Covering (count too), so the analytics aggregate is an index-only scan.
    index('pdf_usage_daily_read_idx').on(t.businessId, t.day, t.kind, t.userId, t.count),
    index('pdf_usage_daily_user_idx').on(t.userId, t.day),
  ],
)

/**
 * A usage alert claimed: unique per business, scope (`business` or the user's id on a per-user
 * allowance), month and threshold, so concurrent renders crossing it send exactly one. The email's
 * state lets a failed send be retried by the next render without ever sending twice.
 */
export const usageAlerts = pgTable(
  'usage_alerts',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    /** `YYYY-MM` (UTC). */
    period: text('period').notNull(),
    /** 80 or 100 (per cent of the monthly PDF limit). */
    threshold: integer('threshold').notNull(),
    /**
     * `sending` (claimed; taken over once stale), `sent`, `failed` (retried), `unknown` (a copy
     * may have gone out when its process died; never resent), `none` (nobody asked for it). Every
     * claim writes its state. The database default `'pending'` (migration 0008, plain text) is
     * only on alerts raised before the state was kept, which are never claimed again; it is left
     * as it is because no code reads it and changing it would take a migration (ADR 018).
     */
    emailStatus: text('email_status', {
      enum: ['sending', 'sent', 'failed', 'unknown', 'none'],
    })
      .notNull()
      .default(sql`'pending'`),
    emailAttempts: integer('email_attempts').notNull().default(0),
    /** When the email was last claimed; a `sending` claim older than the stale limit is taken over. */
    emailClaimedAt: at('email_claimed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('usage_alerts_claim_idx').on(t.businessId, t.scope, t.period, t.threshold)],
)

/**
 * One primary user's copy of a usage alert email, claimed before it is sent, so nobody gets a
 * second copy when a retry sends to the others.
 */
export const usageAlertEmails = pgTable(
  'usage_alert_emails',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => usageAlerts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `sending` (claimed), `sent`, `failed` (claimed again by a retry), `unknown` (its process died mid-send). */
    status: text('status', { enum: ['sending', 'sent', 'failed', 'unknown'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
)

/** A user's dismissal of an in-app usage alert: it stays dismissed on every device. */
export const usageAlertDismissals = pgTable(
  'usage_alert_dismissals',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => usageAlerts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
)
