/**
 * Applies the committed drizzle-kit migrations. Idempotent (drizzle records what ran), and run
 * under an advisory lock so two instances starting together never both migrate.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { queryRows } from './client'
import type { Database } from './client'

/** Arbitrary but fixed: "myodocs" in ASCII, folded into an int4. */
const MIGRATION_LOCK_KEY = 0x6d796f64

/** src/db/migrations in development; dist/migrations in the built bundle (build.mjs copies it). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Whether the database already holds the journal's newest migration: drizzle runs a migration
 * only when its journal time is later than the newest it recorded, so this is the same test.
 */
async function isCurrent(database: Database, folder: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>
  }
  const newest = Math.max(...journal.entries.map((e) => e.when))
  try {
    const rows = await queryRows<{ newest: string | number | null }>(
      database.db,
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    )
    return Number(rows[0]?.newest ?? 0) >= newest
  } catch {
    // No migrations table yet: a new database.
    return false
  }
}

export async function migrateDatabase(database: Database, folder = MIGRATIONS_FOLDER) {
  // A start on an up-to-date database reads one row instead of loading the migrator, hashing
  // every migration and running its statements, a tenth of a cold start on PGlite.
  if (await isCurrent(database, folder)) return
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
