/**
 * What a practice keeps while signed in: its logo, settings, team invitations
 * (docs/decisions/010-team.md), custom exercises and providers.
 */
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { EXERCISE_MEASURE_UNITS } from '@myodocs/shared/domain/exercise-measure'
import { PROVIDER_TYPES } from '@myodocs/shared/domain/provider-types'
import { at, bytea, createdAt, id } from './columns'
import { businesses, users } from './accounts'

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
    /** '' when not measured; else the unit of its practice-log column (`EXERCISE_MEASURE_UNITS`). */
    measureUnit: text('measure_unit', { enum: ['', ...EXERCISE_MEASURE_UNITS] })
      .notNull()
      .default(''),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('custom_exercises_business_idx').on(t.businessId, t.name)],
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
