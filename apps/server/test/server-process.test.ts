/**
 * The real entry point (src/server.ts) as a process: configuration errors, the data-directory
 * lock, graceful shutdown with a request in flight, and two instances migrating one PostgreSQL.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openTestDatabase, testDbKind } from './test-database'
import type { TestDatabase } from './test-database'
import { startTestSmtp } from './test-smtp'
import { freePort } from './free-port'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const children: ChildProcess[] = []
const dirs: string[] = []

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
})
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

function tempDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'myodocs-proc-'))
  dirs.push(d)
  return d
}

type Proc = { child: ChildProcess; output: () => string; exit: Promise<number | null> }

function startServer(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let out = ''
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, exit }
}

async function waitHealthy(port: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server on :${port} did not become healthy`)
}

/** Environment for one server process on this project's database kind. */
async function dbEnv(): Promise<{ env: Record<string, string>; db?: TestDatabase }> {
  if (testDbKind() === 'postgres') {
    const db = await openTestDatabase()
    return { env: { DATABASE_URL: db.url!, DATA_DIR: tempDir() }, db }
  }
  return { env: { DATA_DIR: tempDir() } }
}

// Each case starts real processes; under tsx a fresh PGlite takes 5–15 s on a loaded 2-core box.
describe('the server process', { timeout: 120_000 }, () => {
  it('refuses a bad configuration value, naming the variable', async () => {
    const p = startServer({ PORT: 'eighty', DATA_DIR: tempDir() })
    expect(await p.exit).toBe(1)
    expect(p.output()).toMatch(/PORT: must be a port number/)
  })

  it.runIf(testDbKind() === 'pglite')(
    'a second process on the same data directory stops with a clear message',
    async () => {
      const dataDir = tempDir()
      const port = await freePort()
      const first = startServer({ DATA_DIR: dataDir, PORT: String(port) })
      await waitHealthy(port)
      const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) })
      expect(await second.exit).toBe(1)
      expect(second.output()).toContain(
        `is in use by another MyoDocs process (pid ${first.child.pid})`,
      )
      // The first one is unharmed.
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200)
    },
  )

  it('finishes an in-flight request on SIGTERM, refuses new work, and exits 0', async () => {
    const smtp = await startTestSmtp()
    smtp.setDelay(1_500)
    const { env, db } = await dbEnv()
    try {
      const port = await freePort()
      const p = startServer({ ...env, PORT: String(port), SYSTEM_SMTP_URL: smtp.url })
      await waitHealthy(port)
      const inFlight = fetch(`http://127.0.0.1:${port}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'A', email: 'a@b.test', subject: 'S', message: 'M' }),
      })
      await smtp.waitFor(() => true, 5_000).catch(() => undefined)
      await new Promise((r) => setTimeout(r, 300))
      p.child.kill('SIGTERM')
      const res = await inFlight
      expect(res.status).toBe(200)
      expect(await p.exit).toBe(0)
      expect(p.output()).toContain('shutdown complete')
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow()
    } finally {
      await smtp.close()
      await db?.close()
    }
  })

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
