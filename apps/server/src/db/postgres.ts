/**
 * The PostgreSQL driver (node-postgres pool). Imported only when DATABASE_URL is set (client.ts).
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import * as schema from './schema'
import type { Database, Db, Log } from './client'

/**
 * Connections per instance. A signed-in call holds one for a single short statement, so a few
 * connections keep two cores busy; more only queue inside PostgreSQL instead of here.
 */
const POSTGRES_POOL_SIZE = 10

/** Opens a pg pool. An idle client's error is logged, never fatal (PostgreSQL restarts). */
export function openPostgres(connectionString: string, log: Log): Database {
  const pool = new pg.Pool({
    connectionString,
    max: POSTGRES_POOL_SIZE,
    // Idle connections close after 30 s, all but these: the first request after a quiet spell
    // (a document after a patient's visit) does not open a connection and warm a new backend.
    min: 2,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 30_000,
  })
  pool.on('error', (err) =>
    log.error({ err: { message: err.message } }, 'postgres idle client error'),
  )
  const db = drizzle({ client: pool, schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    async withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [key])
        try {
          return await fn(drizzle({ client, schema }))
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
