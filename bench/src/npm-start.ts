/**
 * The `api` bench's `npm start` line: what an operator waits for after typing it with the build
 * up to date (scripts/build-if-stale.mjs skips the build), on PGlite: the first start on a fresh
 * DATA_DIR and a restart on the same one, from the command to the first 200 from /api/health.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../apps/server/test/free-port'
import { ADMIN_TOKEN, APP_SECRET, sleep, waitHealthy } from './server-process'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export type NpmStart = { firstMs: number; restartMs: number } | { stale: true }

async function npmStart(dataDir: string, logFile: string): Promise<number> {
  const port = await freePort()
  const log = openSync(logFile, 'a')
  const started = performance.now()
  // Its own process group: npm, its shell and the server stop together.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_SECRET,
      ADMIN_TOKEN,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', log, log],
  })
  try {
    await waitHealthy(port, child, logFile)
    return performance.now() - started
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    process.kill(-child.pid!, 'SIGTERM')
    await Promise.race([exited, sleep(15_000)])
  }
}

export async function measureNpmStart(): Promise<NpmStart> {
  const check = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', '--check'], {
    cwd: ROOT,
  })
  if (check.status !== 0) return { stale: true }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-bench-npm-start-'))
  try {
    const logFile = path.join(dataDir, 'npm-start.log')
    const firstMs = await npmStart(path.join(dataDir, 'data'), logFile)
    const restartMs = await npmStart(path.join(dataDir, 'data'), logFile)
    return { firstMs, restartMs }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
