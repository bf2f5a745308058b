/**
 * Backups on PostgreSQL: pg_dump's custom format (one consistent snapshot, taken while the
 * instances keep serving) and pg_restore into an empty database, after the same schema check as
 * the embedded database's restore (backup.ts). The password travels in PGPASSWORD, never on a
 * command line other users of the machine can read.
 */
import { spawn } from 'node:child_process'
import { closeSync, openSync, readSync } from 'node:fs'
import pg from 'pg'
import { BackupError, checkSchema, writeFileAtomically } from './backup'
import type { SchemaCheck } from './backup'

/** pg_dump's custom format starts with these bytes. */
const PGDMP = 'PGDMP'

export function isPgDump(file: string): boolean {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(PGDMP.length)
    readSync(fd, head, 0, head.length, 0)
    return head.toString('latin1') === PGDMP
  } finally {
    closeSync(fd)
  }
}

/** The URL without its password, and the environment that carries the password instead. */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  const env: NodeJS.ProcessEnv = { ...process.env }
  if (password) env.PGPASSWORD = password
  return { dbname: url.toString(), env }
}

/** Runs a PostgreSQL client tool; resolves with its stdout stream and a promise of its success. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${tool} is not installed: install the PostgreSQL client tools of your server's ` +
                'major version (Debian: apt-get install postgresql-client).'
            : `${tool} could not start: ${err.message}`,
        ),
      ),
    )
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().slice(-500)}`)),
    )
  })
  // A failure is reported through `done`, by whoever awaits it.
  done.catch(() => {})
  return { stdout: child.stdout, done }
}

export async function backupPostgres(databaseUrl: string, file: string): Promise<number> {
  const { dbname, env } = connection(databaseUrl)
  const dump = run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', dbname], env)
  return writeFileAtomically(file, dump.stdout, () => dump.done)
}

/** The migrations recorded in a pg_dump file, read with pg_restore (nothing is restored). */
async function dumpedMigrations(file: string): Promise<number[]> {
  const list = run(
    'pg_restore',
    ['--data-only', '--schema=drizzle', '--table=__drizzle_migrations', '--file=-', file],
    process.env,
  )
  let text = ''
  for await (const chunk of list.stdout) text += (chunk as Buffer).toString()
  await list.done
  const lines = text.split('\n')
  const start = lines.findIndex((l) => /^COPY drizzle\.__drizzle_migrations /.test(l))
  if (start < 0) throw new BackupError(`${file} is a pg_dump file, but not of a MyoDocs database.`)
  const columns = /\(([^)]*)\)/.exec(lines[start]!)![1]!.split(', ')
  const at = columns.indexOf('created_at')
  const millis: number[] = []
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break
    millis.push(Number(line.split('\t')[at]))
  }
  return millis
}

/** Restores into the (empty) database of `databaseUrl`, in one transaction. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<SchemaCheck> {
  const check = checkSchema(await dumpedMigrations(file))
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema in ('public', 'drizzle')`,
    )
    if (rows[0]!.n > 0) {
      throw new BackupError(
        'The database of DATABASE_URL is not empty: restore into a new one (createdb), then ' +
          'point the servers at it.',
      )
    }
  } finally {
    await client.end()
  }
  const { dbname, env } = connection(databaseUrl)
  const restore = run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  )
  restore.stdout.resume()
  await restore.done
  return check
}
