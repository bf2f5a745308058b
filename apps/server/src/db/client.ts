/**
 * Opens the database: PGlite in DATA_DIR/db when DATABASE_URL is unset, else a pg pool.
 * Both give the same Drizzle API over the one schema. Each driver lives in its own module
 * (pglite.ts, postgres.ts), imported only when chosen: PGlite's WebAssembly alone is tens of MB.
 */
import type { Readable } from 'node:stream'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Log = {
  error(obj: unknown, msg?: string): void
  warn(obj: unknown, msg?: string): void
}

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs `fn` with a connection that holds `pg_advisory_lock(key)` for its duration. */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>
  /**
   * A consistent copy of the embedded database as a gzipped tar (src/db/backup.ts); PostgreSQL
   * has none here, pg_dump does that job (docs/operations.md).
   */
  backup?: () => Promise<Readable>
  ping(): Promise<void>
  close(): Promise<void>
}

export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  log: Log,
): Promise<Database> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres')
    return openPostgres(config.databaseUrl, log)
  }
  const { openPglite } = await import('./pglite')
  return openPglite(config.dataDir)
}

/** Runs raw SQL and returns its rows (the two drivers type `execute` differently). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: T[] }).rows
}
