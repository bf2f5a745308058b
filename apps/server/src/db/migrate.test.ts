import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/test-database'
import type { TestDatabase } from '../../test/test-database'
import { queryRows } from './client'
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate'

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

  it('runs a migration newer than the newest one applied, once', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'myodocs-migrations-'))
    let probeWhen = 0
    try {
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
      const journalFile = path.join(folder, 'meta', '_journal.json')
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
        entries: Array<{
          idx: number
          version: string
          when: number
          tag: string
          breakpoints: boolean
        }>
      }
      const last = journal.entries.at(-1)!
      const tag = `${String(last.idx + 1).padStart(4, '0')}_probe`
      probeWhen = last.when + 1
      journal.entries.push({ ...last, idx: last.idx + 1, when: probeWhen, tag })
      writeFileSync(journalFile, JSON.stringify(journal))
      writeFileSync(path.join(folder, `${tag}.sql`), 'create table migrate_probe (id int);')
      const before = await applied()
      await migrateDatabase(database, folder)
      expect(await applied()).toBe(before + 1)
      await migrateDatabase(database, folder)
      expect(await applied()).toBe(before + 1)
    } finally {
      rmSync(folder, { recursive: true, force: true })
      await database.db.execute(sql`drop table if exists migrate_probe`)
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${probeWhen}`,
      )
    }
  })
})
