/**
 * `npm run admin -- backup` and `restore` on the embedded database, against the real server
 * process (src/server.ts): practices, a team, legal acceptances, settings, SMTP accounts and audit
 * events are created over HTTP; a backup is taken while registrations run; it is restored into a
 * fresh DATA_DIR, where every row is there and every sealed secret opens (the SMTP password signs
 * in to its mail server again). A backup killed with -9 (the CLI, then the server) leaves the
 * previous backup file and the database as they were. PostgreSQL's pg_dump path has its own file
 * (backup-postgres.test.ts).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { queryRows } from '../src/db/client'
import { openPglite } from '../src/db/pglite'
import { backupStoppedDataDir } from '../src/db/backup'
import { allRows, missingRows, openEverySecret } from './all-rows'
import type { AllRows } from './all-rows'
import {
  ADMIN_TOKEN,
  APP_SECRET,
  cli,
  cliProcess,
  expectPracticesServe,
  MAILBOX,
  operator,
  practice,
  sha,
  registrationLoad,
} from './backup-fixtures'
import type { Practice } from './backup-fixtures'
import { TEST_PASSWORD } from './factories'
import { freePort } from './free-port'
import { HttpAgent, killServers, startServer, until, waitHealthy } from './server-process'
import type { ServerProcess } from './server-process'
import { testDbKind } from './test-database'
import { startTestSmtp } from './test-smtp'

/** Rows the registrations during the backup change in place (their per-address counters). */
const CHANGED_BY_LOAD = ['rate_limit_hits']

const dirs: string[] = []
afterEach(killServers)
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
const tempDir = (what: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `myodocs-${what}-`))
  dirs.push(dir)
  return dir
}

/** A DATA_DIR holding the run's migrated snapshot, as files (the child skips initdb). */
function migratedDataDir() {
  const dataDir = tempDir('backup-data')
  mkdirSync(path.join(dataDir, 'db'))
  execFileSync('tar', ['-xf', inject('pgliteSnapshot'), '-C', path.join(dataDir, 'db')])
  return dataDir
}

async function readRows(dataDir: string): Promise<AllRows> {
  const database = await openPglite(dataDir)
  try {
    return await allRows(database.db)
  } finally {
    await database.close()
  }
}

/** A business without its primary user or subscription would be half a registration. */
async function halfMade(dataDir: string) {
  const database = await openPglite(dataDir)
  try {
    return await queryRows<{ id: string }>(
      database.db,
      sql`select b.id from businesses b
           where not exists (select 1 from users u where u.business_id = b.id and u.is_primary_user)
              or not exists (select 1 from business_subscriptions s where s.business_id = b.id)`,
    )
  } finally {
    await database.close()
  }
}

describe.runIf(testDbKind() === 'pglite')('backup and restore of the embedded database', () => {
  it(
    'a backup taken during registrations restores into a fresh DATA_DIR with every row and secret; kill -9 mid-backup harms nothing',
    { timeout: 1_200_000 },
    async () => {
      const [mailbox, system] = await Promise.all([
        startTestSmtp({ auth: MAILBOX }),
        startTestSmtp(),
      ])
      try {
        const dataDir = migratedDataDir()
        const port = await freePort()
        const base = `http://127.0.0.1:${port}`
        const env = {
          DATA_DIR: dataDir,
          PORT: String(port),
          ADMIN_TOKEN,
          APP_SECRET,
          SYSTEM_SMTP_URL: system.url,
          SMTP_ALLOW_INSECURE: 'true',
          SMTP_ALLOW_PRIVATE_HOSTS: 'true',
          SMTP_EXTRA_PORTS: String(mailbox.port),
          RENDER_THREADS: '1',
          // Each registration of the load comes from an address of its own (no throttle).
          TRUST_PROXY: 'true',
        }
        // Where a run under a loaded machine got to, when it times out.
        const step = (what: string) => process.stderr.write(`backup test: ${what}\n`)
        const stop = async (server: ServerProcess) => {
          server.child.kill('SIGTERM')
          expect(await server.exit).toBe(0)
        }

        // Two practices, each with an owner, a member, legal acceptances, settings, a mailbox.
        const first = startServer(env)
        await waitHealthy(port, 240_000, first)
        const codes = await operator(base, 'POST', '/api/admin/invite-codes', { uses: 2 })
        const code = (codes.body as { data: { code: string } }).data.code
        const practices: Practice[] = []
        for (let i = 0; i < 2; i++) practices.push(await practice(base, code, mailbox, system))
        await stop(first)
        step('seeded; reading every row')
        const before = await readRows(dataDir)
        for (const table of [
          'businesses',
          'users',
          'legal_acceptances',
          'business_settings',
          'smtp_accounts',
          'team_invitations',
          'audit_events',
        ])
          expect(before[table]?.length, table).toBeGreaterThan(0)

        // Registrations run the whole time the backup is taken.
        const second = startServer(env)
        await waitHealthy(port, 240_000, second)
        const loadCode = (
          (await operator(base, 'POST', '/api/admin/invite-codes', { uses: 500 })).body as {
            data: { code: string }
          }
        ).data.code
        const registrations = registrationLoad(base, system, loadCode)
        await until(() => registrations.answered.length > 0, 120_000)
        const during = registrations.answered.length
        step('registrations running; backing up')
        const backupFile = path.join(tempDir('backups'), 'myodocs.tar.gz')
        const cliEnv = { DATA_DIR: dataDir, PORT: String(port), ADMIN_TOKEN }
        const backup = await cli(['backup', backupFile], cliEnv)
        await registrations.stop()
        expect(backup, backup.err).toMatchObject({ code: 0 })
        expect(backup.out[0]).toContain('from the running server')
        expect(
          registrations.answered.length,
          'registrations answered while the backup ran',
        ).toBeGreaterThan(during)
        expect(registrations.answered.every((s) => s === 200)).toBe(true)

        // Restore refuses a data directory a server runs on.
        const refused = await cli(['restore', backupFile], { DATA_DIR: dataDir })
        expect(refused.code).toBe(1)
        expect(refused.err).toContain('in use by another MyoDocs process')

        // kill -9 of the CLI mid-backup, then of the server mid-backup: the old file stays.
        step('backed up; kill -9 of the CLI')
        const kept = sha(backupFile)
        const partial = path.join(path.dirname(backupFile), '.myodocs.tar.gz.partial')
        const killedCli = cliProcess(['backup', backupFile], cliEnv)
        await until(() => existsSync(partial), 120_000)
        killedCli.child.kill('SIGKILL')
        expect(await killedCli.exit).toBe(null)
        expect(sha(backupFile)).toBe(kept)
        // What a kill -9 cannot clean up; the next backup to that name replaces it.
        expect(existsSync(partial)).toBe(true)
        rmSync(partial)
        const health = await fetch(`${base}/api/health`)
        expect(health.status).toBe(200)
        const signedIn = await new HttpAgent(base).post('/api/auth/login', {
          email: practices[0]!.email,
          password: TEST_PASSWORD,
        })
        expect(signedIn.status).toBe(200)

        step('kill -9 of the server')
        const orphaned = cliProcess(['backup', backupFile], cliEnv)
        await until(() => existsSync(partial), 120_000)
        second.child.kill('SIGKILL')
        expect(await second.exit).toBe(null)
        expect(await orphaned.exit, orphaned.output()).toBe(1)
        expect(sha(backupFile)).toBe(kept)
        expect(existsSync(partial)).toBe(false)
        // The killed server's database opens with every row it had before.
        expect(missingRows(before, await readRows(dataDir), CHANGED_BY_LOAD)).toEqual([])

        // Restore into a fresh DATA_DIR: every row of before, nothing half-made, every secret.
        step('restoring')
        const freshDir = path.join(tempDir('restored'), 'data')
        const restored = await cli(['restore', backupFile], { DATA_DIR: freshDir })
        expect(restored, restored.err).toMatchObject({ code: 0 })
        expect(restored.out[0]).toMatch(/schema \d{4}_\w+, current/)
        const after = await readRows(freshDir)
        expect(missingRows(before, after, CHANGED_BY_LOAD)).toEqual([])
        expect(await halfMade(freshDir)).toEqual([])
        expect(after.businesses!.length).toBeGreaterThan(before.businesses!.length)
        const opened = openEverySecret(after, APP_SECRET)
        expect(opened['smtp_accounts.smtp_password']).toBe(2)
        expect(() => openEverySecret(after, `${APP_SECRET}-another`)).toThrow()

        // The restored data serves: owners and members sign in, settings and mailboxes work.
        step('serving the restored data')
        const third = startServer({ ...env, DATA_DIR: freshDir })
        await waitHealthy(port, 240_000, third)
        await expectPracticesServe(base, practices)
        await stop(third)
      } finally {
        await Promise.all([mailbox.close(), system.close()])
      }
    },
  )

  it(
    'restore refuses a backup from a newer release, and a file that is not a backup, changing nothing',
    { timeout: 300_000 },
    async () => {
      const source = migratedDataDir()
      const database = await openPglite(source)
      // A migration this release does not know, as a newer release would have recorded it.
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${Date.UTC(2099, 0, 1)})`,
      )
      await database.close()
      const file = path.join(tempDir('backups'), 'newer.tar.gz')
      await backupStoppedDataDir(source, file)
      const target = path.join(tempDir('restore-target'), 'data')
      const newer = await cli(['restore', file], { DATA_DIR: target })
      expect(newer.code).toBe(1)
      expect(newer.err).toContain('made by a newer release of MyoDocs')
      expect(newer.err).toContain('2099-01-01')
      expect(existsSync(path.join(target, 'db'))).toBe(false)
      expect(readdirSync(target)).toEqual([])

      const notABackup = path.join(tempDir('backups'), 'notes.txt')
      execFileSync('sh', ['-c', `echo hello > ${notABackup}`])
      const wrong = await cli(['restore', notABackup], { DATA_DIR: target })
      expect(wrong.code).toBe(1)
      expect(wrong.err).toContain('is not a MyoDocs backup')
    },
  )
})
