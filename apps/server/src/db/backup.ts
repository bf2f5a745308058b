/**
 * Backups of the embedded database and their restore (`npm run admin -- backup|restore`,
 * docs/operations.md#backups-and-restores). A PGlite backup is a gzipped tar of the data
 * directory taken under PGlite's query lock: no statement runs while the files are copied, so the
 * copy is one point in time, which opens like a database after a clean crash (committed work in,
 * unfinished work out). A restore reads the backup's migration journal first and refuses one that
 * a newer release made.
 */
import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { acquireDataDirLock } from './data-dir-lock'
import { MIGRATIONS_FOLDER } from './migrate'
import { dumpPglite, PGLITE_START_PARAMS } from './pglite'

export class BackupError extends Error {
  override name = 'BackupError'
}

type JournalEntry = { when: number; tag: string }

/** The migrations this release ships (drizzle-kit's journal), oldest first. */
export function releaseMigrations(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[]
  }
  return journal.entries
}

export type SchemaCheck = { applied: number; latest: string | null; pending: string[] }

/**
 * Compares the migrations a database has applied (drizzle's `created_at`, the journal's `when`)
 * with this release's. One this release does not know means a newer release made the database:
 * its schema may hold what this code would misread, and migrations never run backwards.
 */
export function checkSchema(appliedMillis: number[], folder = MIGRATIONS_FOLDER): SchemaCheck {
  const known = releaseMigrations(folder)
  const byMillis = new Map(known.map((m) => [m.when, m.tag]))
  const unknown = appliedMillis.filter((when) => !byMillis.has(when))
  if (unknown.length) {
    const newest = new Date(Math.max(...unknown)).toISOString().slice(0, 10)
    throw new BackupError(
      `This backup was made by a newer release of MyoDocs: its database has ${unknown.length} ` +
        `migration(s) this release does not know (the newest from ${newest}). Restore it with ` +
        'that release or a later one.',
    )
  }
  const last = Math.max(0, ...appliedMillis)
  return {
    applied: appliedMillis.length,
    latest: byMillis.get(last) ?? null,
    pending: known.filter((m) => m.when > last).map((m) => m.tag),
  }
}

/** The `created_at` of every migration drizzle recorded in an open PGlite database. */
async function appliedMillis(client: PGlite): Promise<number[]> {
  try {
    const { rows } = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at',
    )
    return rows.map((r) => Number(r.created_at))
  } catch {
    throw new BackupError('This file holds a database, but not a MyoDocs one (no migrations).')
  }
}

/**
 * Writes `source` to `file` without ever leaving a half-written `file`: into a temporary file
 * beside it, flushed to disk, then renamed over it. A process killed mid-way leaves the previous
 * backup as it was (and a `.partial` file the next backup of that name removes).
 */
export async function writeFileAtomically(
  file: string,
  source: Readable,
  /** Rejects when the producer of `source` failed after all (pg_dump's exit code). */
  succeeded: () => Promise<void> = async () => {},
): Promise<number> {
  const target = path.resolve(file)
  const dir = path.dirname(target)
  const partial = path.join(dir, `.${path.basename(target)}.partial`)
  rmSync(partial, { force: true })
  let bytes = 0
  source.on('data', (chunk: Buffer) => (bytes += chunk.length))
  try {
    await pipeline(source, createWriteStream(partial, { mode: 0o600, flags: 'wx' }))
    await succeeded()
    const fd = openSync(partial, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(partial, target)
  } catch (err) {
    rmSync(partial, { force: true })
    throw err
  }
  // The rename itself lasts only once the directory is on disk.
  const dirFd = openSync(dir, 'r')
  try {
    fsyncSync(dirFd)
  } finally {
    closeSync(dirFd)
  }
  return bytes
}

const hasDatabase = (dbDir: string) => existsSync(path.join(dbDir, 'PG_VERSION'))

/** Backs up `DATA_DIR/db` while no server runs on it (the lock file keeps one from starting). */
export async function backupStoppedDataDir(dataDir: string, file: string): Promise<number> {
  const dbDir = path.join(dataDir, 'db')
  if (!hasDatabase(dbDir)) throw new BackupError(`There is no database in ${dbDir} to back up.`)
  const release = acquireDataDirLock(dataDir)
  try {
    const client = await PGlite.create(dbDir, { startParams: PGLITE_START_PARAMS })
    try {
      return await writeFileAtomically(file, await dumpPglite(client))
    } finally {
      await client.close()
    }
  } finally {
    release()
  }
}

export type RestoreResult = SchemaCheck & { keptAside: string | null }

/**
 * Restores a backup into `DATA_DIR/db` of a stopped server or a fresh DATA_DIR. The backup is
 * unpacked and opened beside the live directory first (so a bad or newer backup changes
 * nothing), then swapped in; a database that was there is kept as `db.before-restore-<time>`.
 */
export async function restorePglite(dataDir: string, file: string): Promise<RestoreResult> {
  const packed = readFileSync(file)
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) {
    throw new BackupError(`${file} is not a MyoDocs backup of the embedded database.`)
  }
  let tar: Buffer
  try {
    tar = gunzipSync(packed)
  } catch {
    throw new BackupError(`${file} is damaged (it does not decompress); it may be incomplete.`)
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const release = acquireDataDirLock(dataDir)
  const staging = path.join(dataDir, 'db.restoring')
  try {
    rmSync(staging, { recursive: true, force: true })
    let check: SchemaCheck
    const client = await PGlite.create(staging, {
      loadDataDir: new Blob([new Uint8Array(tar)]),
      startParams: PGLITE_START_PARAMS,
    })
    try {
      check = checkSchema(await appliedMillis(client))
      // Leaves the restored directory clean: its first start replays nothing.
      await client.exec('checkpoint')
    } finally {
      await client.close()
    }
    const dbDir = path.join(dataDir, 'db')
    let keptAside: string | null = null
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      keptAside = path.join(
        dataDir,
        `db.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      )
      renameSync(dbDir, keptAside)
    } else {
      rmSync(dbDir, { recursive: true, force: true })
    }
    renameSync(staging, dbDir)
    return { ...check, keptAside }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true })
    throw err
  } finally {
    release()
  }
}
