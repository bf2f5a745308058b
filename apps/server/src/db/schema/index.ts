/**
 * The one pg-core schema (PostgreSQL on both PGlite and a server), its tables in one file per area.
 * Migrations are generated from it with `npm run db:generate` and applied at start-up.
 *
 * The no-PHI rule: nothing here may hold patient data in the clear; the email log's recipients and
 * subject are sealed (docs/product/privacy.md, docs/architecture.md#no-phi-at-rest).
 * Keep SQL portable to PostgreSQL 15: PGlite is 18, so 16+ features would pass locally and fail
 * on the server.
 */
export * from './security'
export * from './accounts'
export * from './two-step'
export * from './billing'
export * from './signup'
export * from './practice'
export * from './email'
export * from './usage'
