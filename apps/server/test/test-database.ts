/**
 * A fresh database for one test file, on the backend this project runs (TEST_DB):
 * PGlite loaded from the run's migrated snapshot, or a PostgreSQL database copied from the run's
 * migrated template. Isolation between tests in a file comes from unique data (factories).
 */
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { fromPglite } from '../src/db/pglite'
import { openPostgres } from '../src/db/postgres'
import type { Database } from '../src/db/client'

const quiet = { error() {}, warn() {} }

export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'

export type TestDatabase = Database & { url?: string }

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === 'postgres') return newPostgresDatabase(inject('postgresTemplate'))
  return fromPglite(await openPgliteClient())
}

/**
 * A database with no schema at all, on the backend this project runs: for tests that apply the
 * migrations themselves (the upgrade path).
 */
export async function openEmptyTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === 'postgres') return newPostgresDatabase('template0')
  return fromPglite(await PGlite.create())
}

/** A new PostgreSQL database copied from `template`, dropped on close. */
async function newPostgresDatabase(template: string): Promise<TestDatabase> {
  const base = process.env.TEST_POSTGRES_URL
  if (!base) throw new Error('TEST_POSTGRES_URL is not set')
  const name = `${inject('postgresRunPrefix')}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    await admin.query(`create database "${name}" template "${template}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(base)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), quiet)
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close()
      const drop = new pg.Client({ connectionString: base })
      await drop.connect()
      await drop.query(`drop database if exists "${name}" with (force)`)
      await drop.end()
    },
  }
}

/** A PGlite client on the run's migrated snapshot, before the app's wrapping (fromPglite). */
export async function openPgliteClient(): Promise<PGlite> {
  const snapshot = readFileSync(inject('pgliteSnapshot'))
  return PGlite.create({ loadDataDir: new Blob([snapshot]) })
}
