/**
 * The data directory's lock file: one process per PGlite directory (two writers corrupt it), and
 * the lock a crashed process left behind is taken over.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function dataDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'myodocs-lock-'))
  dirs.push(d)
  return d
}
const lockFile = (dir: string) => path.join(dir, 'db.lock')

/** The pid of a process that has ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid
}

describe('acquireDataDirLock', () => {
  it('writes our pid, and release removes the file', () => {
    const dir = dataDir()
    const release = acquireDataDirLock(dir)
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(lockFile(dir))).toBe(false)
  })

  it('refuses while another live process holds it, naming that process', () => {
    const dir = dataDir()
    // Our parent (the test runner) is alive and is not us.
    writeFileSync(lockFile(dir), String(process.ppid))
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    expect(() => acquireDataDirLock(dir)).toThrow(
      `in use by another MyoDocs process (pid ${process.ppid})`,
    )
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid))
  })

  it('takes over the lock a crashed process left behind', () => {
    const dir = dataDir()
    writeFileSync(lockFile(dir), String(deadPid()))
    const release = acquireDataDirLock(dir)
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid))
    release()
  })

  it('release leaves alone a lock that another process holds by then', () => {
    const dir = dataDir()
    const release = acquireDataDirLock(dir)
    writeFileSync(lockFile(dir), String(process.ppid))
    release()
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid))
  })
})
