/**
 * The one pg-core schema (PostgreSQL on both PGlite and a server). Migrations are generated
 * from it with `npm run db:generate` and applied at start-up.
 *
 * The no-PHI rule: nothing here may hold patient data (ARCHITECTURE.md).
 * Keep SQL portable to PostgreSQL 15: PGlite is 18, so 16+ features would pass locally and fail
 * on the server.
 */
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import type { SubscriptionStatus } from '@myodocs/shared/domain/subscription'

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const at = (name: string) => timestamp(name, { withTimezone: true })

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

// ---------------------------------------------------------------------------------------------
// Accounts (issue #4). Every token (session, refresh, reset) is stored only as its SHA-256 hash.

/** A practice. Profile fields (address, phone, logo) arrive with the business-profile issue. */
export const businesses = pgTable('businesses', {
  id: id(),
  name: text('name').notNull(),
  /** The business whose referral code was used at registration (SPEC §1 referral month). */
  referredByBusinessId: uuid('referred_by_business_id').references(
    (): AnyPgColumn => businesses.id,
    { onDelete: 'set null' },
  ),
  createdAt: createdAt(),
})

/** A therapist. Email is unique case-insensitively (stored lower-case, indexed on lower()). */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    therapistTitle: text('therapist_title').notNull().default(''),
    /** The 10 digits; shown formatted. */
    therapistPhone: text('therapist_phone').notNull().default(''),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    isPrimaryUser: boolean('is_primary_user').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Part of the browser drafts key; bumped on password reset and deactivation. */
    draftKeyVersion: integer('draft_key_version').notNull().default(1),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_business_idx').on(t.businessId),
  ],
)

/** The last few password hashes of a user (the current one included), for the reuse rule. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
)

/** One per business (SPEC §3 Subscription, §4 statuses). */
export const businessSubscriptions = pgTable('business_subscriptions', {
  id: id(),
  businessId: uuid('business_id')
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  planType: text('plan_type').$type<PlanType>().notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  billingFrequency: text('billing_frequency').$type<BillingFrequency>().notNull(),
  trialEnd: at('trial_end'),
  cancelledAt: at('cancelled_at'),
  monthlyPdfGenerated: integer('monthly_pdf_generated').notNull().default(0),
  /** `YYYY-MM` the count belongs to (UTC); another month reads as 0. */
  monthlyPdfPeriod: text('monthly_pdf_period'),
  createdAt: createdAt(),
})

/** Invite codes of the beta (SPEC §1). Codes are upper-case; one use is taken per registration. */
export const inviteCodes = pgTable('invite_codes', {
  id: id(),
  code: text('code').notNull().unique(),
  maxUses: integer('max_uses').notNull().default(1),
  uses: integer('uses').notNull().default(0),
  expiresAt: at('expires_at'),
  note: text('note'),
  createdAt: createdAt(),
})

/** SPEC §3 Waitlist entry; one per email (case-insensitive). */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    name: text('name').notNull(),
    businessName: text('business_name'),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    invitedAt: at('invited_at'),
    inviteCodeId: uuid('invite_code_id').references(() => inviteCodes.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_email_lower_idx').on(sql`lower(${t.email})`)],
)

/** One referral code per business. */
export const referralCodes = pgTable('referral_codes', {
  id: id(),
  businessId: uuid('business_id')
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
})

/**
 * A signed-in browser (docs/decisions/003-sessions.md). The access token is short-lived; the
 * session itself ends on sign-out, idle (4 h), its absolute lifetime (12 h), a password reset,
 * deactivation, or refresh-token reuse.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    accessExpiresAt: at('access_expires_at').notNull(),
    lastActivityAt: at('last_activity_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Every refresh token a session was given; `rotatedAt` set once it has been exchanged. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    rotatedAt: at('rotated_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

/** Single-use password reset links (SPEC §4), valid 1 hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
)
