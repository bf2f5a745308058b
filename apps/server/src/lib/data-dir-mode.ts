/**
 * DATA_DIR holds the embedded database, the generated secrets and the development outbox, so only
 * the server's own user may read it (mode 0700). A directory made by hand or unpacked from an
 * archive can be open to others; it is tightened at start, with a warning that names the
 * directory's role and its old mode, never its path (a path can carry a user or customer name).
 */
import { chmodSync, statSync } from 'node:fs'
import path from 'node:path'

type WarnLog = { warn(obj: object, msg: string): void }

/** The directories under DATA_DIR that hold data, by the name the warning gives them. */
const DIRECTORIES: Array<[name: string, relative: string]> = [
  ['DATA_DIR', '.'],
  ['DATA_DIR/db', 'db'],
  ['DATA_DIR/outbox', 'outbox'],
]

/** Sets each existing data directory that others can enter or read to 0700; absent ones are left. */
export function tightenDataDir(dataDir: string, log: WarnLog): void {
  for (const [name, relative] of DIRECTORIES) {
    const dir = path.join(dataDir, relative)
    let mode: number
    try {
      mode = statSync(dir).mode & 0o777
    } catch {
      continue // created with 0700 when first needed
    }
    if ((mode & 0o077) === 0) continue
    const was = mode.toString(8).padStart(4, '0')
    try {
      chmodSync(dir, 0o700)
      log.warn(
        { directory: name, mode: was },
        'data directory was open to other users: set to 0700',
      )
    } catch (err) {
      log.warn(
        { directory: name, mode: was, code: (err as NodeJS.ErrnoException).code },
        'data directory is open to other users and could not be set to 0700',
      )
    }
  }
}
