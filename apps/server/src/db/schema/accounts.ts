/**
 * Accounts: practices, therapists, their sessions and what they accepted. Every token (session,
 * refresh, reset) is stored only as its SHA-256 hash.
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt, id } from './columns'

/** A practice and its profile; the logo lives in business_logos. */
export const businesses = pgTable('businesses', {
  id: id(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  /** The 10 digits, or empty; shown formatted. */
  phone: text('phone').notNull().default(''),
  /** The practice's email for the documents' letterhead, or empty. */
  email: text('email').notNull().default(''),
  /** The fax's 10 digits, or empty; shown formatted in the letterhead. */
  fax: text('fax').notNull().default(''),
  /** Every member must sign in with a second step (docs/product/accounts.md#two-step-sign-in). */
  requireTwoStep: boolean('require_two_step').notNull().default(false),
  /** The business whose referral code was used at registration. */
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
    /** Licence or credential number printed with the documents' electronic signature, or empty. */
    licenseNumber: text('license_number').notNull().default(''),
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
    /** The practice requires two-step sign-in and the user had none: only enrolment is allowed. */
    twoStepEnrolmentRequired: boolean('two_step_enrolment_required').notNull().default(false),
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

/** Single-use password reset links, valid 1 hour. */
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

/**
 * One acceptance of one version of a legal document (docs/decisions/004-legal-acceptance.md):
 * who, for which business, when, from where, and for the BAA the typed signature. `document`
 * keeps the exact text accepted, so the signed BAA renders what was signed even after a new
 * version. `userId` is cleared when the person deletes their account (the row stays the
 * business's record, naming the signer only by the typed signature).
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['baa', 'terms', 'email-provider-attestation'] }).notNull(),
    version: text('version').notNull(),
    acceptedAt: at('accepted_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    signatureName: text('signature_name'),
    signatureTitle: text('signature_title'),
    /** The business's name when it was signed (printed on the signed BAA). */
    businessName: text('business_name').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('legal_acceptances_user_idx').on(t.userId, t.kind, t.acceptedAt),
    index('legal_acceptances_business_idx').on(t.businessId, t.kind, t.acceptedAt),
  ],
)
