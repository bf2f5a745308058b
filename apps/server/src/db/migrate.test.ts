import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/test-database'
import type { TestDatabase } from '../../test/test-database'
import { queryRows } from './client'
import { migrateDatabase } from './migrate'

let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const applied = async () => {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )
  return rows[0]!.n
}

describe('migrations', () => {
  it('run twice (and concurrently) without harm', async () => {
    const before = await applied()
    expect(before).toBeGreaterThan(0)
    await migrateDatabase(database)
    await Promise.all([migrateDatabase(database), migrateDatabase(database)])
    expect(await applied()).toBe(before)
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['rate_limit_hits', 'audit_events']),
    )
  })
})
