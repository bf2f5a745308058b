/**
 * Every row of every table, read straight from a database, and every secret sealed in them:
 * what the backup and upgrade tests compare before and after, table by table.
 */
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { queryRows } from '../src/db/client'
import type { Db } from '../src/db/client'
import { openSecret } from '../src/lib/crypto'

/** Table → its rows, each as canonical JSON (so rows compare by value). */
export type AllRows = Record<string, string[]>

export async function allRows(db: Db): Promise<AllRows> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )
  const out: AllRows = {}
  for (const { name } of tables) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from ${sql.identifier(name)}`,
    )
    out[name] = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => canonical(v))).sort()
  }
  return out
}

/** Dates and bytes read the same from PGlite and node-postgres; keys in one order. */
function canonical(v: unknown): unknown {
  if (v instanceof Uint8Array) return `bytes:${Buffer.from(v).toString('base64')}`
  if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
  }
  return v
}

/** `before`'s rows that `after` lacks or holds changed, table by table (empty: all there). */
export function missingRows(before: AllRows, after: AllRows, skip: string[] = []): string[] {
  const missing: string[] = []
  for (const [table, rows] of Object.entries(before)) {
    if (skip.includes(table)) continue
    const kept = new Set(after[table] ?? [])
    for (const row of rows) if (!kept.has(row)) missing.push(`${table}: ${row.slice(0, 300)}`)
  }
  return missing
}

/** `sealSecret`'s output (lib/crypto.ts): v1.<iv>.<tag>.<ciphertext>. */
const SEALED = /^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]*$/

/**
 * Opens every sealed value with `appSecret` at its own place (the column without `_sealed`, the
 * row's id), as the app does; fails on the first that does not open. Answers how many per
 * table.column, so a test can require the ones it seeded.
 */
export function openEverySecret(rows: AllRows, appSecret: string): Record<string, number> {
  const opened: Record<string, number> = {}
  for (const [table, list] of Object.entries(rows)) {
    for (const json of list) {
      const row = JSON.parse(json) as Record<string, unknown>
      for (const [key, value] of Object.entries(row)) {
        if (typeof value !== 'string' || !SEALED.test(value)) continue
        const column = key.replace(/_sealed$/, '')
        expect(
          () => openSecret(appSecret, value, { table, column, rowId: String(row.id) }),
          `${table}.${key} of row ${String(row.id)}`,
        ).not.toThrow()
        opened[`${table}.${column}`] = (opened[`${table}.${column}`] ?? 0) + 1
      }
    }
  }
  return opened
}
