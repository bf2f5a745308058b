/**
 * The upgrade path (docs/operations.md#upgrades): for each earlier release's schema, a database
 * built up to that migration and filled with a row in every table it has (every column set, the
 * encrypted columns sealed as the app seals them) comes through the remaining migrations with
 * every row and every value intact, and every secret still opens. The rows are made from the
 * migration's own drizzle-kit snapshot, so a new migration is covered without touching this file.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openSecret, sealSecret } from '../src/lib/crypto'
import { queryRows } from '../src/db/client'
import { migrateDatabase, MIGRATIONS_FOLDER } from '../src/db/migrate'
import { openEmptyTestDatabase } from './test-database'

const APP_SECRET = 'upgrade-path-secret-0123456789abcdef0123456789'

type Column = { name: string; type: string; primaryKey: boolean; notNull: boolean }
type ForeignKey = { tableTo: string; columnsFrom: string[]; columnsTo: string[] }
type Table = {
  name: string
  columns: Record<string, Column>
  foreignKeys: Record<string, ForeignKey>
  compositePrimaryKeys: Record<string, { columns: string[] }>
  indexes: Record<
    string,
    { isUnique: boolean; columns: Array<{ expression: string; isExpression: boolean }> }
  >
}
type Snapshot = { tables: Record<string, Table> }
type Journal = { entries: Array<{ idx: number; tag: string }> }

const journal = JSON.parse(
  readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
) as Journal
const snapshotAt = (idx: number) =>
  JSON.parse(
    readFileSync(
      join(MIGRATIONS_FOLDER, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`),
      'utf8',
    ),
  ) as Snapshot

/** The migrations folder as an earlier release shipped it: the journal cut after `idx`. */
function folderUpTo(idx: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'myodocs-upgrade-'))
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true })
  const cut = { ...journal, entries: journal.entries.filter((e) => e.idx <= idx) }
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(cut))
  return dir
}

/**
 * Columns the app seals with `sealSecret`, and where each is bound: the table, the column name
 * without `_sealed`, the row's id (the convention the backup test's `openEverySecret` also reads),
 * with the exceptions named.
 */
const SEALED: Record<string, (row: Record<string, unknown>) => { column: string; rowId: string }> =
  {
    'oauth_accounts.access_token': (r) => ({ column: 'access_token', rowId: String(r.id) }),
    'oauth_accounts.refresh_token': (r) => ({ column: 'refresh_token', rowId: String(r.id) }),
    'oauth_states.code_verifier': (r) => ({ column: 'code_verifier', rowId: String(r.id) }),
    'user_totp.secret_sealed': (r) => ({ column: 'secret_sealed', rowId: String(r.user_id) }),
  }
/** The plaintext sealed into a column of a row (its key makes it differ per release). */
const secretOf = (table: string, column: string, row: Record<string, unknown>) =>
  `secret ${table}.${column} ${String(row.id ?? row.user_id)}`
const sealedLocation = (table: string, column: string, row: Record<string, unknown>) => {
  const known = SEALED[`${table}.${column}`]
  if (known) return { table, ...known(row) }
  if (column.endsWith('_sealed'))
    return { table, column: column.slice(0, -'_sealed'.length), rowId: String(row.id) }
  return undefined
}

/** Tables in an order where every foreign key points at a table already filled. */
function fillOrder(snapshot: Snapshot): Table[] {
  const tables = Object.values(snapshot.tables)
  const done = new Set<string>()
  const order: Table[] = []
  while (order.length < tables.length) {
    const next = tables.find(
      (t) =>
        !done.has(t.name) &&
        Object.values(t.foreignKeys).every((fk) => fk.tableTo === t.name || done.has(fk.tableTo)),
    )
    if (!next) throw new Error('foreign keys form a cycle')
    done.add(next.name)
    order.push(next)
  }
  return order
}

/** A value of the column's type, different per table and column so a swap would show. */
function valueFor(table: string, column: Column, release: number): unknown {
  const tag = `${table}.${column.name} @${release}`
  switch (column.type) {
    case 'uuid':
      return randomUUID()
    case 'text':
      return `seed ${tag}`
    case 'integer':
    case 'bigint':
      return tag.length
    case 'boolean':
      return true
    case 'jsonb':
      return JSON.stringify({ seed: tag })
    case 'bytea':
      return Buffer.from(`seed ${tag}`)
    case 'date':
      return '2026-01-02'
    case 'timestamp with time zone':
      return new Date(Date.UTC(2026, 0, 2, 3, release, tag.length % 60))
    default:
      throw new Error(`no seed value for ${tag} (${column.type}): add one`)
  }
}

type Seeded = {
  release: string
  table: string
  key: Record<string, unknown>
  row: Record<string, unknown>
}

/** One row in every table of the release's schema, every column set; answers each row as stored. */
async function seed(
  db: Parameters<typeof queryRows>[0],
  release: { idx: number; tag: string },
): Promise<Seeded[]> {
  const snapshot = snapshotAt(release.idx)
  const seeded: Seeded[] = []
  const rowOf = new Map<string, Record<string, unknown>>()
  for (const table of fillOrder(snapshot)) {
    const row: Record<string, unknown> = {}
    for (const column of Object.values(table.columns))
      row[column.name] = valueFor(table.name, column, release.idx)
    for (const fk of Object.values(table.foreignKeys)) {
      const target = fk.tableTo === table.name ? row : rowOf.get(fk.tableTo)!
      fk.columnsFrom.forEach((from, i) => (row[from] = target[fk.columnsTo[i]!]))
    }
    for (const column of Object.keys(row)) {
      const location = sealedLocation(table.name, column, row)
      if (location)
        row[column] = sealSecret(APP_SECRET, secretOf(table.name, column, row), location)
    }
    rowOf.set(table.name, row)
    const names = Object.keys(row)
    await queryRows(
      db,
      sql`insert into ${sql.identifier(table.name)} (${sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      )}) values (${sql.join(
        names.map((n) => sql`${row[n]}`),
        sql`, `,
      )})`,
    )
    const keyColumns = rowKey(table)
    const key = Object.fromEntries(keyColumns.map((c) => [c, row[c]]))
    seeded.push({
      release: release.tag,
      table: table.name,
      key,
      row: (await stored(db, table.name, key))!,
    })
  }
  return seeded
}

/** The primary key, else the first unique index on plain columns (a daily rollup has no id). */
function rowKey(table: Table): string[] {
  const primary =
    Object.values(table.compositePrimaryKeys)[0]?.columns ??
    Object.values(table.columns)
      .filter((c) => c.primaryKey)
      .map((c) => c.name)
  if (primary.length) return primary
  const unique = Object.values(table.indexes).find(
    (i) => i.isUnique && i.columns.every((c) => !c.isExpression),
  )
  if (!unique) throw new Error(`${table.name} has no key to find its row by`)
  return unique.columns.map((c) => c.expression)
}

const where = (key: Record<string, unknown>): SQL =>
  sql.join(
    Object.entries(key).map(([c, v]) => sql`${sql.identifier(c)} = ${v}`),
    sql` and `,
  )

/** The row as JSON (the same text on PGlite and PostgreSQL), or undefined if it is gone. */
async function stored(
  db: Parameters<typeof queryRows>[0],
  table: string,
  key: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const rows = await queryRows<{ row: Record<string, unknown> }>(
    db,
    sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where ${where(key)}`,
  )
  return rows[0]?.row
}

const opened: Array<{ close(): Promise<void> }> = []
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()))
})

describe('upgrading from every earlier release', () => {
  it('a database grown release by release, a row in every table at each, comes through the later migrations with every row, every value and every secret intact', async () => {
    const database = await openEmptyTestDatabase()
    opened.push(database)
    const seeded: Seeded[] = []
    for (const release of journal.entries) {
      const folder = folderUpTo(release.idx)
      try {
        await migrateDatabase(database, folder)
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
      // The latest release's rows need no upgrade; the rest meet every migration after theirs.
      if (release !== journal.entries.at(-1)) seeded.push(...(await seed(database.db, release)))
    }
    const releases = new Set(seeded.map((s) => s.release))
    expect(releases.size).toBe(journal.entries.length - 1)

    const final = snapshotAt(journal.entries.at(-1)!.idx)
    for (const { release, table, key, row } of seeded) {
      const after = await stored(database.db, table, key)
      expect(after, `${table} row from ${release}`).toBeDefined()
      const kept = Object.keys(final.tables[`public.${table}`]?.columns ?? {})
      for (const column of Object.keys(row).filter((c) => kept.includes(c))) {
        expect(after![column], `${table}.${column} from ${release}`).toEqual(row[column])
        const location = sealedLocation(table, column, after!)
        if (location)
          expect(openSecret(APP_SECRET, String(after![column]), location)).toBe(
            secretOf(table, column, after!),
          )
      }
    }
  }, 180_000)
})
