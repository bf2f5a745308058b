/**
 * PGlite takes no lock on its data directory and two writers corrupt it,
 * so the process holds a pid lock file of its own.
 */
import { openSync, writeSync, closeSync, readFileSync, unlinkSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid of the live process holding `<dataDir>/db.lock`, or null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, 'db.lock'), 'utf8'), 10)
    return Number.isInteger(pid) && isAlive(pid) ? pid : null
  } catch {
    return null
  }
}

/** Takes `<dataDir>/db.lock` or throws DataDirLockedError naming the holder. Returns release. */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'db.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      const release = () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file)
        } catch {
          // already gone
        }
      }
      process.once('exit', release)
      return release
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another MyoDocs process (pid ${pid}). ` +
            'Stop that process first, or set DATA_DIR to a different directory.',
        )
      }
      // A crashed process left its lock behind: take it over.
      unlinkSync(file)
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`)
}
