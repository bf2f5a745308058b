/**
 * The real entry point (src/server.ts) as a process: configuration errors, the data-directory
 * lock, and two instances migrating one PostgreSQL (graceful shutdown: faults-process.test.ts).
 */
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openTestDatabase, testDbKind } from './test-database'
import { freePort } from './free-port'
import { killServers, startServer, waitHealthy } from './server-process'

const dirs: string[] = []

afterEach(killServers)
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

function tempDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'myodocs-proc-'))
  dirs.push(d)
  return d
}

// Each case starts real processes; under tsx a fresh PGlite takes 5–15 s on a loaded 2-core box.
describe('the server process', { timeout: 120_000 }, () => {
  it('refuses a bad configuration value, naming the variable', async () => {
    const p = startServer({ PORT: 'eighty', DATA_DIR: tempDir() })
    expect(await p.exit).toBe(1)
    expect(p.output()).toMatch(/PORT: must be a port number/)
  })

  it.runIf(testDbKind() === 'pglite')(
    'a data directory open to others is set to 0700 at start; a second process on it stops with a clear message',
    async () => {
      const dataDir = tempDir()
      chmodSync(dataDir, 0o755)
      const port = await freePort()
      const first = startServer({ DATA_DIR: dataDir, PORT: String(port) })
      await waitHealthy(port)
      expect(statSync(dataDir).mode & 0o777).toBe(0o700)
      expect(statSync(path.join(dataDir, 'db')).mode & 0o777).toBe(0o700)
      const warning = first
        .output()
        .split('\n')
        .filter((l) => l.includes('set to 0700'))
      expect(warning).toEqual([expect.stringContaining('"directory":"DATA_DIR","mode":"0755"')])
      expect(warning[0]).not.toContain(dataDir)
      const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) })
      expect(await second.exit).toBe(1)
      expect(second.output()).toContain(
        `is in use by another MyoDocs process (pid ${first.child.pid})`,
      )
      // The first one is unharmed.
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200)
    },
  )

  it.runIf(testDbKind() === 'postgres')(
    'two instances starting together on one PostgreSQL both serve (one migrates)',
    async () => {
      const db = await openTestDatabase()
      try {
        // A brand-new empty database so both processes really race to migrate.
        await db.db.execute(
          'drop schema public cascade; drop schema if exists drizzle cascade; create schema public;',
        )
        const [a, b] = [await freePort(), await freePort()]
        const env = { DATABASE_URL: db.url! }
        startServer({ ...env, DATA_DIR: tempDir(), PORT: String(a) })
        startServer({ ...env, DATA_DIR: tempDir(), PORT: String(b) })
        await Promise.all([waitHealthy(a), waitHealthy(b)])
        for (const port of [a, b]) {
          expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200)
        }
      } finally {
        await db.close()
      }
    },
  )
})
