/**
 * Sending from the therapist's own mailbox (docs/decisions/009-own-mailbox-sending.md): SMTP
 * accounts, mailboxes connected by OAuth (docs/decisions/013-oauth-mailboxes.md) and the email log.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns'
import { businesses, users } from './accounts'

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
