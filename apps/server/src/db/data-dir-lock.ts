/**
 * PGlite takes no lock on its data directory and two writers corrupt it, so the process holds
 * `<dataDir>/db.lock` with proper-lockfile: an atomic mkdir kept fresh by its mtime, so a lock
 * whose holder stopped refreshing goes stale and is taken over, even when its pid was reused.
 * Beside it, `db.lock.pid` names the holder (pid and host): the refusal shows it, and a holder
 * on this host that has died (kill -9) is taken over at once instead of after the stale time.
 */
import { lstatSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import lockfile from 'proper-lockfile'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

/**
 * A lock not refreshed for this long belongs to a process that is gone. The holder refreshes it
 * every 5 s, so its event loop may stall (PGlite opening, a restore) far longer before anyone
 * else could take the directory.
 */
export const DATA_DIR_LOCK_STALE_MS = 30_000
const LOCK_UPDATE_MS = 5_000

const lockPath = (dataDir: string) => path.join(dataDir, 'db.lock')
const pidPath = (dataDir: string) => path.join(dataDir, 'db.lock.pid')

/** The holder `db.lock.pid` names (`<pid>@<host>`), or null. */
function holderOf(dataDir: string): { pid: number; host: string } | null {
  try {
    const [pid, host = ''] = readFileSync(pidPath(dataDir), 'utf8').trim().split('@')
    const n = Number.parseInt(pid ?? '', 10)
    return Number.isInteger(n) ? { pid: n, host } : null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const inUse = (dataDir: string, pid: number | null) =>
  new DataDirLockedError(
    `The data directory ${dataDir} is in use by another MyoDocs process${pid ? ` (pid ${pid})` : ''}. ` +
      'Stop that process first, or set DATA_DIR to a different directory.',
  )

/**
 * Versions before proper-lockfile wrote `db.lock` as a file holding the pid: a live holder of that
 * kind still refuses, a dead one's file is removed so the directory lock can be made.
 */
function clearLegacyLockFile(dataDir: string) {
  try {
    if (!lstatSync(lockPath(dataDir)).isFile()) return
  } catch {
    return
  }
  const pid = Number.parseInt(readFileSync(lockPath(dataDir), 'utf8'), 10)
  if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw inUse(dataDir, pid)
  unlinkSync(lockPath(dataDir))
}

/** Whether a live process holds the data directory (the backup CLI reads a stopped one directly). */
export function dataDirInUse(dataDir: string): boolean {
  try {
    if (lstatSync(lockPath(dataDir)).isFile()) {
      const pid = Number.parseInt(readFileSync(lockPath(dataDir), 'utf8'), 10)
      return Number.isInteger(pid) && isAlive(pid)
    }
    return lockfile.checkSync(dataDir, {
      lockfilePath: lockPath(dataDir),
      stale: DATA_DIR_LOCK_STALE_MS,
    })
  } catch {
    return false
  }
}

const lockOnce = (dataDir: string) =>
  lockfile.lockSync(dataDir, {
    lockfilePath: lockPath(dataDir),
    stale: DATA_DIR_LOCK_STALE_MS,
    update: LOCK_UPDATE_MS,
    // Another process took the directory after our lock went stale: writing on would corrupt it.
    onCompromised: () => {
      throw new DataDirLockedError(
        `Lost the lock on the data directory ${dataDir}: another process took it over. Stopping.`,
      )
    },
  })

/** Takes `<dataDir>/db.lock` or throws DataDirLockedError naming the holder. Returns release. */
export function acquireDataDirLock(dataDir: string): () => void {
  clearLegacyLockFile(dataDir)
  let unlock: () => void
  try {
    unlock = lockOnce(dataDir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err
    const holder = holderOf(dataDir)
    const deadHere =
      holder !== null &&
      holder.host === hostname() &&
      holder.pid !== process.pid &&
      !isAlive(holder.pid)
    if (!deadHere) throw inUse(dataDir, holder?.pid ?? null)
    // A process of this host that died without releasing (kill -9): its lock is left over.
    rmSync(lockPath(dataDir), { recursive: true, force: true })
    unlock = lockOnce(dataDir)
  }
  const me = `${process.pid}@${hostname()}`
  writeFileSync(pidPath(dataDir), me, { mode: 0o600 })
  let released = false
  return () => {
    if (released) return
    released = true
    const holder = holderOf(dataDir)
    if (holder && `${holder.pid}@${holder.host}` === me) rmSync(pidPath(dataDir), { force: true })
    try {
      unlock()
    } catch {
      // Already released, or taken over by then: nothing of ours is left to remove.
    }
  }
}
