/**
 * The embedded PGlite driver. Imported only when DATABASE_URL is unset (client.ts), so a server
 * on PostgreSQL never loads PGlite's WebAssembly.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { Readable } from 'node:stream'
import { createGzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import * as schema from './schema'
import type { Database, Db } from './client'
import { acquireDataDirLock } from './data-dir-lock'
import { installReadCache } from './read-cache'

/** Written by build.mjs beside the bundle: a migrated empty data directory to start from. */
const PGLITE_SEED = fileURLToPath(new URL('./pglite-seed', import.meta.url))

/**
 * PostgreSQL's default 128 MB of shared buffers all end up resident in PGlite's WebAssembly heap
 * over time; one practice's working set fits in far less (docs/decisions/011-api-hot-path.md).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/** Opens PGlite in `<dataDir>/db`, created 0700 and guarded by a lock file. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  chmodSync(dataDir, 0o700)
  const release = acquireDataDirLock(dataDir)
  try {
    const dbDir = path.join(dataDir, 'db')
    const fresh = !existsSync(dbDir) || readdirSync(dbDir).length === 0
    // A fresh directory starts as a copy of the build's seed when there is one: faster than
    // initdb, and than PGlite's `loadDataDir`, whose unpacked tarball stayed resident (~90 MB).
    if (fresh && existsSync(PGLITE_SEED)) cpSync(PGLITE_SEED, dbDir, { recursive: true })
    const client = await PGlite.create(dbDir, { startParams: PGLITE_START_PARAMS })
    // The seed's copy (or PGlite's own mkdir) takes the usual 0755.
    chmodSync(dbDir, 0o700)
    return fromPglite(client, release)
  } catch (err) {
    release()
    throw err
  }
}

/**
 * The data directory as an uncompressed tar, taken under PGlite's query lock. The checkpoint
 * first writes the shared buffers out, so the copy needs little recovery when it is opened;
 * compression happens after, outside the lock, so queries wait only for the file copy.
 */
export async function dumpPglite(client: PGlite): Promise<Readable> {
  await client.exec('checkpoint')
  const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer())
  return Readable.from([tar]).pipe(createGzip())
}

/** Wraps an open PGlite client (tests load one from a migrated snapshot). */
export function fromPglite(client: PGlite, onClose: () => void = () => {}): Database {
  installReadCache(client)
  const db = drizzle({ client, schema }) as unknown as Db
  let chain: Promise<unknown> = Promise.resolve()
  return {
    db,
    kind: 'pglite',
    // PGlite is a single connection in a single process (the lock file keeps it so); an advisory
    // lock would be held by the same session anyway, so serialise in memory instead.
    withAdvisoryLock<T>(_key: number, fn: (db: Db) => Promise<T>) {
      const run = chain.then(() => fn(db))
      chain = run.catch(() => {})
      return run
    },
    backup: () => dumpPglite(client),
    async ping() {
      await client.query('select 1')
    },
    async close() {
      try {
        await client.close()
      } finally {
        onClose()
      }
    },
  }
}
