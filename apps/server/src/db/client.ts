/**
 * Opens the database: PGlite in DATA_DIR/db when DATABASE_URL is unset, else a pg pool.
 * Both give the same Drizzle API over the one schema.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema'
import { acquireDataDirLock } from './data-dir-lock'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

type Log = { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void }

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs `fn` with a connection that holds `pg_advisory_lock(key)` for its duration. */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>
  ping(): Promise<void>
  close(): Promise<void>
}

/** Written by build.mjs beside the bundle: a migrated empty database to start from. */
const PGLITE_SEED = fileURLToPath(new URL('./pglite-seed.tar.gz', import.meta.url))

/** Opens PGlite in `<dataDir>/db`, created 0700 and guarded by a lock file. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  chmodSync(dataDir, 0o700)
  const release = acquireDataDirLock(dataDir)
  try {
    const dbDir = path.join(dataDir, 'db')
    const fresh = !existsSync(dbDir) || readdirSync(dbDir).length === 0
    // A fresh directory starts from the build's seed when there is one (~4x faster than initdb).
    const loadDataDir =
      fresh && existsSync(PGLITE_SEED) ? new Blob([readFileSync(PGLITE_SEED)]) : undefined
    const client = await PGlite.create(dbDir, loadDataDir ? { loadDataDir } : {})
    return fromPglite(client, release)
  } catch (err) {
    release()
    throw err
  }
}

/** Wraps an open PGlite client (tests load one from a migrated snapshot). */
export function fromPglite(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db
  let chain: Promise<unknown> = Promise.resolve()
  return {
    db,
    kind: 'pglite',
    // PGlite is a single connection in a single process (the lock file keeps it so); an advisory
    // lock would be held by the same session anyway, so serialise in memory instead.
    withAdvisoryLock<T>(_key: number, fn: (db: Db) => Promise<T>) {
      const run = chain.then(() => fn(db))
      chain = run.catch(() => {})
      return run
    },
    async ping() {
      await client.query('select 1')
    },
    async close() {
      try {
        await client.close()
      } finally {
        onClose()
      }
    },
  }
}

/** Opens a pg pool. An idle client's error is logged, never fatal (PostgreSQL restarts). */
export function openPostgres(connectionString: string, log: Log): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 30_000,
  })
  pool.on('error', (err) =>
    log.error({ err: { message: err.message } }, 'postgres idle client error'),
  )
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    async withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [key])
        try {
          return await fn(drizzlePg({ client, schema }))
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key])
        }
      } finally {
        client.release()
      }
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    async close() {
      await pool.end()
    },
  }
}

export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  log: Log,
): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, log) : openPglite(config.dataDir)
}

/** Runs raw SQL and returns its rows (the two drivers type `execute` differently). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: T[] }).rows
}
