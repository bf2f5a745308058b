/**
 * Applies the committed drizzle-kit migrations. Idempotent (drizzle records what ran), and run
 * under an advisory lock so two instances starting together never both migrate.
 */
import { fileURLToPath } from 'node:url'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { Database } from './client'

/** Arbitrary but fixed: "myodocs" in ASCII, folded into an int4. */
const MIGRATION_LOCK_KEY = 0x6d796f64

/** src/db/migrations in development; dist/migrations in the built bundle (build.mjs copies it). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

export async function migrateDatabase(database: Database, folder = MIGRATIONS_FOLDER) {
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    // Each driver's migrator is loaded only for the driver in use (see client.ts).
    if (database.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator')
      await migrate(db as unknown as PgliteDatabase, { migrationsFolder: folder })
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator')
      await migrate(db as unknown as NodePgDatabase, { migrationsFolder: folder })
    }
  })
}
