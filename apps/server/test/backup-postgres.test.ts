/**
 * `npm run admin -- backup` and `restore` on PostgreSQL (pg_dump, pg_restore) against the real
 * server process: practices made over HTTP, a backup while registrations run, a restore into an
 * empty database with every row and sealed secret, a server on it; a non-empty target and a dump
 * from a newer release are refused. The embedded database's path is in backup.test.ts.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openPostgres } from '../src/db/postgres'
import { allRows, missingRows, openEverySecret } from './all-rows'
import type { AllRows } from './all-rows'
import {
  ADMIN_TOKEN,
  APP_SECRET,
  cli,
  expectPracticesServe,
  MAILBOX,
  operator,
  practice,
  registrationLoad,
} from './backup-fixtures'
import type { Practice } from './backup-fixtures'
import { freePort } from './free-port'
import { killServers, startServer, until, waitHealthy } from './server-process'
import type { ServerProcess } from './server-process'
import { openTestDatabase, testDbKind } from './test-database'
import type { TestDatabase } from './test-database'
import { startTestSmtp } from './test-smtp'

const quiet = { error() {}, warn() {} }
const dirs: string[] = []
const databases: TestDatabase[] = []
afterEach(killServers)
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
  for (const d of databases) await d.close()
})
const tempDir = (what: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `myodocs-${what}-`))
  dirs.push(dir)
  return dir
}

/** A fresh database of this run (dropped at the end), migrated or left empty. */
async function database(empty = false): Promise<TestDatabase> {
  const db = await openTestDatabase()
  databases.push(db)
  if (empty) {
    await db.db.execute(sql`drop schema drizzle cascade`)
    await db.db.execute(sql`drop schema public cascade`)
    await db.db.execute(sql`create schema public`)
  }
  return db
}

async function rowsOf(url: string): Promise<AllRows> {
  const reader = openPostgres(url, quiet)
  try {
    return await allRows(reader.db)
  } finally {
    await reader.close()
  }
}

const hasPgTools = () => {
  try {
    execFileSync('pg_restore', ['--version'])
    return true
  } catch {
    return false
  }
}

describe.runIf(testDbKind() === 'postgres')('backup and restore on PostgreSQL', () => {
  it('needs pg_dump and pg_restore on PATH', () => {
    expect(hasPgTools(), 'install them: apt-get install -y postgresql-client').toBe(true)
  })

  it(
    'a pg_dump taken during registrations restores into an empty database with every row and secret',
    { timeout: 600_000 },
    async () => {
      const [mailbox, system] = await Promise.all([
        startTestSmtp({ auth: MAILBOX }),
        startTestSmtp(),
      ])
      try {
        const source = await database()
        const port = await freePort()
        const base = `http://127.0.0.1:${port}`
        const env = {
          DATA_DIR: tempDir('backup-pg-data'),
          DATABASE_URL: source.url!,
          PORT: String(port),
          ADMIN_TOKEN,
          APP_SECRET,
          SYSTEM_SMTP_URL: system.url,
          SMTP_ALLOW_INSECURE: 'true',
          SMTP_ALLOW_PRIVATE_HOSTS: 'true',
          SMTP_EXTRA_PORTS: String(mailbox.port),
          RENDER_THREADS: '1',
          TRUST_PROXY: 'true',
        }
        const stop = async (server: ServerProcess) => {
          server.child.kill('SIGTERM')
          expect(await server.exit).toBe(0)
        }
        const server = startServer(env)
        await waitHealthy(port, 240_000, server)
        const newCode = async (uses: number) =>
          (
            (await operator(base, 'POST', '/api/admin/invite-codes', { uses })).body as {
              data: { code: string }
            }
          ).data.code
        const code = await newCode(2)
        const practices: Practice[] = []
        for (let i = 0; i < 2; i++) practices.push(await practice(base, code, mailbox, system))
        const before = await rowsOf(source.url!)

        // The route of the embedded database says where PostgreSQL's backup is.
        const route = await operator(base, 'GET', '/api/admin/backup')
        expect(route.status).toBe(409)

        const loadCode = await newCode(500)
        const registrations = registrationLoad(base, system, loadCode)
        await until(() => registrations.answered.length > 0, 120_000)
        const file = path.join(tempDir('backups'), 'myodocs.pgdump')
        const backup = await cli(['backup', file], { DATABASE_URL: source.url! })
        await registrations.stop()
        expect(backup, backup.err).toMatchObject({ code: 0 })
        expect(registrations.answered.every((s) => s === 200)).toBe(true)
        await stop(server)

        const target = await database(true)
        const restored = await cli(['restore', file], { DATABASE_URL: target.url! })
        expect(restored, restored.err).toMatchObject({ code: 0 })
        expect(restored.out[0]).toMatch(/schema \d{4}_\w+, current/)
        const after = await rowsOf(target.url!)
        // The load's per-address counters change rows in place; everything else is kept as was.
        expect(missingRows(before, after, ['rate_limit_hits'])).toEqual([])
        expect(openEverySecret(after, APP_SECRET)['smtp_accounts.smtp_password']).toBe(2)
        const halfMade = new pg.Client({ connectionString: target.url! })
        await halfMade.connect()
        const { rows } = await halfMade.query(
          `select b.id from businesses b
            where not exists (select 1 from users u where u.business_id = b.id and u.is_primary_user)
               or not exists (select 1 from business_subscriptions s where s.business_id = b.id)`,
        )
        await halfMade.end()
        expect(rows).toEqual([])

        // A database that is not empty is refused.
        const again = await cli(['restore', file], { DATABASE_URL: target.url! })
        expect(again.code).toBe(1)
        expect(again.err).toContain('is not empty')

        const restoredServer = startServer({ ...env, DATABASE_URL: target.url! })
        await waitHealthy(port, 240_000, restoredServer)
        await expectPracticesServe(base, practices)
        await stop(restoredServer)
      } finally {
        await Promise.all([mailbox.close(), system.close()])
      }
    },
  )

  it('refuses a dump from a newer release, changing nothing', { timeout: 120_000 }, async () => {
    const source = await database()
    await source.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${Date.UTC(2099, 0, 1)})`,
    )
    const file = path.join(tempDir('backups'), 'newer.pgdump')
    expect((await cli(['backup', file], { DATABASE_URL: source.url! })).code).toBe(0)
    const target = await database(true)
    const newer = await cli(['restore', file], { DATABASE_URL: target.url! })
    expect(newer.code).toBe(1)
    expect(newer.err).toContain('made by a newer release of MyoDocs')
    expect(Object.keys(await rowsOf(target.url!))).toEqual([])
  })
})
