/**
 * Two-step sign-in (docs/decisions/022-two-step-sign-in.md): secrets sealed, codes hashed.
 */
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, bytea, createdAt, id } from './columns'
import { users } from './accounts'

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
