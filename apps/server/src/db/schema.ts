/**
 * The one pg-core schema (PostgreSQL on both PGlite and a server). Migrations are generated
 * from it with `npm run db:generate` and applied at start-up.
 *
 * The no-PHI rule: nothing here may hold patient data in the clear; the email log's recipients and
 * subject are sealed (docs/product/privacy.md, docs/architecture.md#no-phi-at-rest).
 * Keep SQL portable to PostgreSQL 15: PGlite is 18, so 16+ features would pass locally and fail
 * on the server.
 */
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import type { SubscriptionStatus } from '@myodocs/shared/domain/subscription'
import { PROVIDER_TYPES } from '@myodocs/shared/domain/provider-types'

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
  (t) => [
    index('audit_events_business_at_idx').on(t.businessId, t.at),
    // Settings → Activity filters by event or by person; retention deletes by age.
    index('audit_events_business_action_at_idx').on(t.businessId, t.action, t.at),
    index('audit_events_actor_at_idx').on(t.actorId, t.at),
    index('audit_events_at_idx').on(t.at),
  ],
)

// ---------------------------------------------------------------------------------------------
// Accounts. Every token (session, refresh, reset) is stored only as its SHA-256 hash.

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

/** One per business. */
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
  /** What a cancellation interrupted (trial or active), restored by reactivation. */
  cancelledFromStatus: text('cancelled_from_status').$type<SubscriptionStatus>(),
  /** The paid billing period (null during a trial); plan changes are prorated over it. */
  currentPeriodStart: at('current_period_start'),
  currentPeriodEnd: at('current_period_end'),
  monthlyPdfGenerated: integer('monthly_pdf_generated').notNull().default(0),
  /** `YYYY-MM` the count belongs to (UTC); another month reads as 0. */
  monthlyPdfPeriod: text('monthly_pdf_period'),
  /**
   * Stripe's side (docs/decisions/021-billing.md), written from Stripe's own objects only: the
   * practice's customer, its subscription, the seats bought beyond the plan's, whether it ends at
   * the period's end, since when a renewal is unpaid, the card's brand and last four digits, and a
   * downgrade scheduled for the period's end.
   */
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  extraSeats: integer('extra_seats').notNull().default(0),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  pastDueSince: at('past_due_since'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  scheduledPlanType: text('scheduled_plan_type').$type<PlanType>(),
  scheduledBillingFrequency: text('scheduled_billing_frequency').$type<BillingFrequency>(),
  createdAt: createdAt(),
})

/** Stripe events already applied, by Stripe's event id: a redelivered event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
})

/** The practice's Stripe invoices as Stripe last reported them (amounts in US cents). */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    url: text('url'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('billing_invoices_business_idx').on(t.businessId, t.createdAt)],
)

/** Invite codes of the beta. Codes are upper-case; one use is taken per registration. */
export const inviteCodes = pgTable('invite_codes', {
  id: id(),
  code: text('code').notNull().unique(),
  maxUses: integer('max_uses').notNull().default(1),
  uses: integer('uses').notNull().default(0),
  expiresAt: at('expires_at'),
  note: text('note'),
  createdAt: createdAt(),
})

/** A waitlist entry; one per email (case-insensitive). */
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

// ---------------------------------------------------------------------------------------------
// The signed-in app: logos, settings, legal acceptances, plan changes.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/**
 * A business's logo, re-encoded to PNG by lib/logo.ts (never the uploaded bytes). `hash` names
 * the immutable URL it is served from (/api/business/logo/{hash}).
 */
export const businessLogos = pgTable('business_logos', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  hash: text('hash').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** Practice-wide settings (PDF preferences, exercise demo videos); unset → the defaults. */
export const businessSettings = pgTable('business_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  pdf: jsonb('pdf').$type<Record<string, unknown>>(),
  exerciseVideos: jsonb('exercise_videos').$type<Record<string, unknown>>(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** A therapist's own settings (notifications, email defaults); unset → the defaults. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  notifications: jsonb('notifications').$type<Record<string, unknown>>(),
  email: jsonb('email').$type<Record<string, unknown>>(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

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

/** Every plan change with the prorated amount owed (collected once billing arrives). */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id'),
    fromPlan: text('from_plan').$type<PlanType>().notNull(),
    toPlan: text('to_plan').$type<PlanType>().notNull(),
    fromBilling: text('from_billing').$type<BillingFrequency>().notNull(),
    toBilling: text('to_billing').$type<BillingFrequency>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    at: createdAt(),
  },
  (t) => [index('subscription_changes_business_idx').on(t.businessId, t.at)],
)

// ---------------------------------------------------------------------------------------------
// Teams (docs/decisions/010-team.md).

/**
 * An invitation to join a business (docs/product/team.md). Only the token's SHA-256 is stored; a
 * resend replaces it, so the old link dies. `acceptedAt` set once used (single use).
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: at('sent_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('team_invitations_business_idx').on(t.businessId, t.email)],
)

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
// Sending from the therapist's own mailbox (docs/decisions/009-own-mailbox-sending.md).

/**
 * The practice library of custom exercises (docs/product/clinical-content.md#custom-exercises): text the
 * practice writes for every patient, never patient data. Programs copy the text they use, so an
 * entry may change or go without changing a document already made.
 */
export const customExercises = pgTable(
  'custom_exercises',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    categoryId: text('category_id').notNull(),
    steps: jsonb('steps').$type<string[]>().notNull(),
    howMany: text('how_many').notNull().default(''),
    doneRight: text('done_right').notNull().default(''),
    minutes: integer('minutes').notNull(),
    frequency: text('frequency').notNull().default(''),
    breathHold: boolean('breath_hold').notNull().default(false),
    swallow: boolean('swallow').notNull().default(false),
    demoLink: text('demo_link').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('custom_exercises_business_idx').on(t.businessId, t.name)],
)

/**
 * A therapist's own SMTP account (and optionally its IMAP side, for the Sent copy). Passwords are
 * sealed with `sealSecret` under this row's id; `imapPasswordSealed` null means the SMTP password.
 * At most one default per user.
 */
export const smtpAccounts = pgTable(
  'smtp_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSecurity: text('smtp_security', { enum: ['tls', 'starttls', 'none'] }).notNull(),
    smtpUser: text('smtp_user').notNull(),
    smtpPasswordSealed: text('smtp_password_sealed').notNull(),
    fromAddress: text('from_address').notNull(),
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecurity: text('imap_security', { enum: ['tls', 'starttls', 'none'] }),
    imapUser: text('imap_user'),
    imapPasswordSealed: text('imap_password_sealed'),
    sentFolder: text('sent_folder'),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('smtp_accounts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('smtp_accounts_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
)

/**
 * One row per Send click (the email log). Recipients and subject are PHI: sealed under the row's
 * id, with a keyed hash per recipient for counting. Nothing of the body or the attachments is
 * kept. `idempotencyKey` is unique per user, so a repeated request never sends twice.
 */
export const emailLog = pgTable(
  'email_log',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['sending', 'sent', 'failed', 'unknown'] }).notNull(),
    /** `smtp`, `gmail`, `outlook` or `yahoo`. */
    provider: text('provider').notNull(),
    smtpAccountId: uuid('smtp_account_id').references(() => smtpAccounts.id, {
      onDelete: 'set null',
    }),
    /** The therapist's own sending address. */
    fromAddress: text('from_address').notNull(),
    /** JSON list of the To and Cc addresses, sealed. */
    recipientsSealed: text('recipients_sealed').notNull(),
    /** `recipientHash` of each address, in the same order. */
    recipientHashes: jsonb('recipient_hashes').$type<string[]>().notNull(),
    subjectSealed: text('subject_sealed').notNull(),
    documentTypes: jsonb('document_types').$type<string[]>().notNull(),
    /** Our Message-ID header, `<uuid@domain>`. */
    messageId: text('message_id'),
    providerMessageId: text('provider_message_id'),
    /** A failure class of `EMAIL_FAILURE_CLASSES` (codes only, never a server's reply). */
    failure: text('failure'),
    failureMessage: text('failure_message'),
    sentCopy: text('sent_copy', { enum: ['filed', 'already_filed', 'failed', 'not_configured'] }),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('email_log_user_key_idx').on(t.userId, t.idempotencyKey),
    index('email_log_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('email_log_status_idx').on(t.status),
    // Retention deletes rows older than a year.
    index('email_log_created_idx').on(t.createdAt),
    // The analytics page's emails per week read a business's range; covering (status, user), so
    // that is an index-only scan.
    index('email_log_business_created_idx').on(t.businessId, t.createdAt, t.status, t.userId),
  ],
)

// ---------------------------------------------------------------------------------------------
// Mailboxes connected by OAuth (docs/decisions/013-oauth-mailboxes.md).

/**
 * A therapist's Gmail, Outlook or Yahoo Mail account, one per provider. Both tokens are sealed
 * with `sealSecret` bound to this row and column; `grantedScopes` is what the provider said it
 * granted. `needsReauth` is set when the refresh token stopped working (`reauthReasons` say why).
 * A refresh takes a short lease on the row first, so instances never spend one refresh token twice.
 */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['gmail', 'outlook', 'yahoo'] }).notNull(),
    email: text('email').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    accessTokenExpiresAt: at('access_token_expires_at'),
    grantedScopes: text('granted_scopes').notNull().default(''),
    needsReauth: boolean('needs_reauth').notNull().default(false),
    reauthReasons: jsonb('reauth_reasons').$type<string[]>().notNull().default([]),
    connectedAt: at('connected_at').notNull(),
    refreshedAt: at('refreshed_at'),
    /** While set and in the future, one instance is refreshing the tokens; the others wait for it. */
    refreshLeaseUntil: at('refresh_lease_until'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('oauth_accounts_user_provider_idx').on(t.userId, t.provider)],
)

/**
 * A connection in progress: the `state` (stored hashed) and the PKCE verifier (sealed) of one
 * authorization request, bound to the user and session that started it, single use, 10 minutes.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    provider: text('provider', { enum: ['gmail', 'outlook', 'yahoo'] }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_user_idx').on(t.userId)],
)

// ---------------------------------------------------------------------------------------------
// Usage analytics (docs/product/analytics.md).

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

// ---------------------------------------------------------------------------------------------
// Two-step sign-in (docs/decisions/022-two-step-sign-in.md): secrets sealed, codes hashed.

/**
 * A user's authenticator app (TOTP, docs/decisions/022-two-step-sign-in.md). The secret is sealed with sealSecret (AES-256-GCM
 * under a key derived from APP_SECRET, bound to this row); `confirmedAt` is null until the first
 * code proved the app holds it; `lastUsedStep` refuses a code's second use.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: at('confirmed_at'),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
})

/** One-time recovery codes, stored as keyed hashes; `usedAt` once spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/** A passkey (WebAuthn credential): its public key only; the private key never leaves the device. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser presents it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

/**
 * A sign-in in progress, named by a random token the browser holds in a short-lived cookie (only
 * its hash is stored): the second step after a password (`second_step`, with the user), a passkey
 * sign-in (`passkey_sign_in`, no user yet) or a passkey registration (`passkey_register`).
 * `challenge` is the WebAuthn challenge when one was issued; `attempts` counts wrong codes.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', {
      enum: ['second_step', 'passkey_sign_in', 'passkey_register'],
    }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_challenges_expires_idx').on(t.expiresAt)],
)

/**
 * The practice's address book of providers (docs/product/providers.md): who they are and how to
 * reach them, shared by the practice's team. Never a patient, nor whom a provider was referred.
 * Phone and fax are the 10 digits of a US number.
 */
export const providers = pgTable(
  'providers',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentials: text('credentials'),
    practice: text('practice'),
    specialty: text('specialty', { enum: PROVIDER_TYPES }).notNull(),
    email: text('email'),
    phone: text('phone'),
    fax: text('fax'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('providers_business_idx').on(t.businessId, t.name)],
)
