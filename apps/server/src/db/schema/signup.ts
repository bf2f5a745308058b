/**
 * How a practice comes in: the beta's invite codes, the waitlist and referral codes.
 */
import { sql } from 'drizzle-orm'
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, id } from './columns'
import { businesses } from './accounts'

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
