/**
 * The data directory's lock: one process per PGlite directory (two writers corrupt it), a lock
 * that a crashed process left behind is taken over once stale, and the pid lock file of earlier
 * versions is still honored.
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  acquireDataDirLock,
  DATA_DIR_LOCK_STALE_MS,
  dataDirInUse,
  DataDirLockedError,
} from './data-dir-lock'

const dirs: string[] = []
const children: Array<{ kill(): boolean }> = []
afterEach(() => {
  for (const c of children.splice(0)) c.kill()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function dataDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'myodocs-lock-'))
  dirs.push(d)
  return d
}
const lockPath = (dir: string) => path.join(dir, 'db.lock')

/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid

/** Another process holding the directory the way the server does, until the test ends. */
async function holdInAnotherProcess(dir: string) {
  const lockfile = createRequire(import.meta.url).resolve('proper-lockfile')
  const script = `
    const lockfile = require(${JSON.stringify(lockfile)})
    lockfile.lockSync(${JSON.stringify(dir)}, { lockfilePath: ${JSON.stringify(lockPath(dir))}, stale: ${DATA_DIR_LOCK_STALE_MS} })
    require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'db.lock.pid'))}, process.pid + '@' + require('os').hostname())
    process.stdout.write('locked')
    setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  await once(child.stdout, 'data')
  return child.pid!
}

describe('acquireDataDirLock', () => {
  it('holds the directory until released, and release leaves nothing behind', () => {
    const dir = dataDir()
    const release = acquireDataDirLock(dir)
    expect(dataDirInUse(dir)).toBe(true)
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    release()
    release()
    expect(existsSync(lockPath(dir))).toBe(false)
    expect(existsSync(`${lockPath(dir)}.pid`)).toBe(false)
    expect(dataDirInUse(dir)).toBe(false)
    acquireDataDirLock(dir)()
  })

  it('refuses while another live process holds it, naming that process', async () => {
    const dir = dataDir()
    const pid = await holdInAnotherProcess(dir)
    expect(dataDirInUse(dir)).toBe(true)
    expect(() => acquireDataDirLock(dir)).toThrow(
      `in use by another MyoDocs process (pid ${pid}). Stop that process first`,
    )
  })

  it('takes over at once the lock of a process of this host that was killed', async () => {
    const dir = dataDir()
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
    children.push(child)
    mkdirSync(lockPath(dir))
    writeFileSync(`${lockPath(dir)}.pid`, `${child.pid}@${hostname()}`)
    expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${child.pid})`)
    child.kill('SIGKILL')
    await once(child, 'exit')
    const release = acquireDataDirLock(dir)
    expect(dataDirInUse(dir)).toBe(true)
    release()
  })

  it('leaves a dead pid of another host to the stale time (a container sharing the volume)', () => {
    const dir = dataDir()
    mkdirSync(lockPath(dir))
    writeFileSync(`${lockPath(dir)}.pid`, `${deadPid()}@another-host`)
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
  })

  it('takes over the lock a crashed process left behind once it is stale', () => {
    const dir = dataDir()
    mkdirSync(lockPath(dir))
    const fresh = new Date()
    utimesSync(lockPath(dir), fresh, fresh)
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    const stale = new Date(Date.now() - DATA_DIR_LOCK_STALE_MS - 1_000)
    utimesSync(lockPath(dir), stale, stale)
    expect(dataDirInUse(dir)).toBe(false)
    const release = acquireDataDirLock(dir)
    expect(dataDirInUse(dir)).toBe(true)
    release()
  })

  it('honors the pid lock file of earlier versions: a live holder refuses, a dead one is cleared', () => {
    const dir = dataDir()
    // Our parent (the test runner) is alive and is not us.
    writeFileSync(lockPath(dir), String(process.ppid))
    expect(dataDirInUse(dir)).toBe(true)
    expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${process.ppid})`)
    writeFileSync(lockPath(dir), String(deadPid()))
    expect(dataDirInUse(dir)).toBe(false)
    const release = acquireDataDirLock(dir)
    expect(dataDirInUse(dir)).toBe(true)
    release()
  })
})
