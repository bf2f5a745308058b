/**
 * `npm run admin -- backup <file>` and `restore <file>` (docs/operations.md#backups-and-restores).
 * Embedded database: through the running server (GET /api/admin/backup) when one holds DATA_DIR,
 * else straight from the stopped data directory; restore only into a stopped or fresh DATA_DIR.
 * PostgreSQL (DATABASE_URL set): pg_dump and pg_restore, with the same schema check.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { dataDirInUse } from '../db/data-dir-lock'
import {
  backupStoppedDataDir,
  restorePglite,
  writeFileAtomically,
  type SchemaCheck,
} from '../db/backup'
import { backupPostgres, isPgDump, restorePostgres } from '../db/backup-postgres'

type Out = (line: string) => void

const SECRET_REMINDER =
  'Secrets in it (SMTP passwords, OAuth tokens, the email log) open only with the APP_SECRET ' +
  'of the server that wrote them: keep that secret backed up too, apart from this file.'

export async function backupCommand(
  env: NodeJS.ProcessEnv,
  file: string | undefined,
  fromServer: () => Promise<Readable>,
  out: Out,
): Promise<void> {
  if (!file) throw new Error('Usage: backup <file>')
  let bytes: number
  let how: string
  if (env.DATABASE_URL) {
    bytes = await backupPostgres(env.DATABASE_URL, file)
    how = 'pg_dump, custom format'
  } else {
    const dataDir = path.resolve(env.DATA_DIR || './data')
    const stopped = !dataDirInUse(dataDir) && existsSync(path.join(dataDir, 'db', 'PG_VERSION'))
    if (stopped) {
      bytes = await backupStoppedDataDir(dataDir, file)
      how = `from the stopped ${dataDir}`
    } else {
      bytes = await writeFileAtomically(file, await fromServer())
      how = 'from the running server'
    }
  }
  out(`backed up to ${file} (${bytes} bytes, ${how})`)
  out(SECRET_REMINDER)
}

function describe(check: SchemaCheck): string {
  const at = check.latest ? `schema ${check.latest}` : 'no schema yet'
  return check.pending.length
    ? `${at}; ${check.pending.length} newer migration(s) apply at the next start`
    : `${at}, current`
}

export async function restoreCommand(
  env: NodeJS.ProcessEnv,
  file: string | undefined,
  out: Out,
): Promise<void> {
  if (!file) throw new Error('Usage: restore <file>')
  if (!existsSync(file)) throw new Error(`${file} does not exist.`)
  if (isPgDump(file)) {
    if (!env.DATABASE_URL) {
      throw new Error('This is a PostgreSQL backup (pg_dump): set DATABASE_URL to restore it.')
    }
    const check = await restorePostgres(env.DATABASE_URL, file)
    out(`restored ${file} into the database of DATABASE_URL (${describe(check)})`)
  } else {
    if (env.DATABASE_URL) {
      throw new Error(
        'This is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.',
      )
    }
    const dataDir = path.resolve(env.DATA_DIR || './data')
    const result = await restorePglite(dataDir, file)
    out(`restored ${file} into ${path.join(dataDir, 'db')} (${describe(result)})`)
    if (result.keptAside) out(`the database that was there is kept in ${result.keptAside}`)
  }
  out('Start the server with the APP_SECRET of the server the backup came from.')
}
