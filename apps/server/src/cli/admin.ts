/**
 * `npm run admin -- <command>`: a thin client of the operator API (/api/admin/*). It finds the
 * server from PUBLIC_URL (else http://127.0.0.1:PORT) and the token from ADMIN_TOKEN (else the
 * DATA_DIR/admin-token file the server generated), so it works the same on PGlite and PostgreSQL
 * while the server runs. `backup` and `restore` may also work without a server (cli/backup.ts).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import { ADMIN_TOKEN_FILE } from '../lib/secrets'
import { backupCommand, restoreCommand } from './backup'

export type AdminClient = {
  get<T>(path: string): Promise<T>
  post<T>(path: string, body?: unknown): Promise<T>
  /** A GET whose answer is a file, as a stream. */
  download(path: string): Promise<Readable>
}

type Command = {
  usage: string
  run(
    client: AdminClient,
    args: string[],
    out: (line: string) => void,
    env: NodeJS.ProcessEnv,
  ): Promise<void>
}

type InviteCodeInfo = {
  code: string
  maxUses: number
  uses: number
  expiresAt: string | null
  note: string | null
}
type WaitlistEntry = {
  id: string
  name: string
  email: string
  businessName: string | null
  createdAt: string
  invitedAt: string | null
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '-')

/** A positive whole number from an option, or a clear error naming it. */
function wholeNumber(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (typeof value !== 'string' || !Number.isInteger(n) || n < 1) {
    throw new Error(`${name} must be a whole number of 1 or more`)
  }
  return n
}

/** Every CLI command; features add theirs here. */
export const COMMANDS: Record<string, Command> = {
  'two-step': {
    usage: [
      "two-step reset <email>    remove the user's passkeys, authenticator app and recovery codes",
      '                            (a locked-out account holder; check who is asking first)',
    ].join('\n'),
    async run(client, args, out) {
      const [action, email] = args
      if (action !== 'reset' || !email) throw new Error('Usage: two-step reset <email>')
      await client.post('/api/admin/two-step/reset', { email })
      out(`two-step sign-in reset for ${email}: they sign in with their password and enrol again`)
    },
  },
  ping: {
    usage: 'ping                      check the server and the operator token',
    async run(client, _args, out) {
      const data = await client.get<{ database: string }>('/api/admin/ping')
      out(`ok (database: ${data.database})`)
    },
  },
  backup: {
    usage: [
      'backup <file>             a consistent copy of the database, written atomically; through',
      '                            the server while it runs (PGlite), pg_dump on PostgreSQL',
    ].join('\n'),
    run: (client, args, out, env) =>
      backupCommand(env, args[0], () => client.download('/api/admin/backup'), out),
  },
  restore: {
    usage: [
      'restore <file>            into a stopped or fresh DATA_DIR (PGlite), or an empty',
      '                            DATABASE_URL; refuses a backup from a newer release',
    ].join('\n'),
    run: (_client, args, out, env) => restoreCommand(env, args[0], out),
  },
  'invite-code': {
    usage: [
      'invite-code create [--uses N] [--expires-days D] [--note T]',
      '                            create a code; prints the code alone',
      '  invite-code list          every code with its uses and expiry',
    ].join('\n'),
    async run(client, args, out) {
      const { positionals, values } = parseArgs({
        args,
        allowPositionals: true,
        options: {
          uses: { type: 'string' },
          'expires-days': { type: 'string' },
          note: { type: 'string' },
        },
      })
      const action = positionals[0]
      if (action === 'create') {
        const data = await client.post<{ code: string }>('/api/admin/invite-codes', {
          uses: wholeNumber(values.uses, '--uses'),
          expiresInDays: wholeNumber(values['expires-days'], '--expires-days'),
          note: values.note,
        })
        // Alone on stdout, so scripts can capture it: CODE=$(npm run -s admin -- invite-code create)
        out(data.code)
        return
      }
      if (action === 'list') {
        const { codes } = await client.get<{ codes: InviteCodeInfo[] }>('/api/admin/invite-codes')
        if (!codes.length) out('no invite codes yet')
        for (const c of codes) {
          out(
            `${c.code}  uses ${c.uses}/${c.maxUses}  expires ${day(c.expiresAt)}${c.note ? `  ${c.note}` : ''}`,
          )
        }
        return
      }
      throw new Error('Usage: invite-code create [--uses N] [--expires-days D] [--note T] | list')
    },
  },
  waitlist: {
    usage: [
      'waitlist list             everyone on the waitlist',
      '  waitlist invite <email>   email that person a one-use invite code (valid 30 days)',
    ].join('\n'),
    async run(client, args, out) {
      const [action, email] = args
      const { entries } = await client.get<{ entries: WaitlistEntry[] }>('/api/admin/waitlist')
      if (action === 'list') {
        if (!entries.length) out('the waitlist is empty')
        for (const e of entries) {
          const invited = e.invitedAt ? `invited ${day(e.invitedAt)}` : 'not invited'
          out(
            `${e.email}  ${e.name}${e.businessName ? ` (${e.businessName})` : ''}  joined ${day(e.createdAt)}  ${invited}`,
          )
        }
        return
      }
      if (action === 'invite' && email) {
        const entry = entries.find((e) => e.email.toLowerCase() === email.toLowerCase())
        if (!entry) throw new Error(`${email} is not on the waitlist`)
        const data = await client.post<{ code: string }>(`/api/admin/waitlist/${entry.id}/invite`)
        out(`invited ${entry.email} with code ${data.code}`)
        return
      }
      throw new Error('Usage: waitlist list | waitlist invite <email>')
    },
  },
}

export function serverUrl(env: NodeJS.ProcessEnv): string {
  return (env.PUBLIC_URL || `http://127.0.0.1:${env.PORT || '3000'}`).replace(/\/+$/, '')
}

export function adminToken(env: NodeJS.ProcessEnv): string {
  if (env.ADMIN_TOKEN) return env.ADMIN_TOKEN
  const file = path.resolve(env.DATA_DIR || './data', ADMIN_TOKEN_FILE)
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    throw new Error(
      `No operator token: set ADMIN_TOKEN, or start the server once so it writes ${file}.`,
    )
  }
}

/** `token` is read on the first call, so commands that need no server need no token either. */
export function createAdminClient(base: string, token: string | (() => string)): AdminClient {
  let csrf: { token: string; cookie: string } | undefined
  const bearer = () => `Bearer ${typeof token === 'function' ? token() : token}`
  const send = async (urlPath: string, init: RequestInit) => {
    try {
      return await fetch(`${base}${urlPath}`, init)
    } catch {
      throw new Error(
        `Cannot reach the MyoDocs server at ${base}. Is it running? (set PUBLIC_URL or PORT)`,
      )
    }
  }
  const failure = async (res: Response) => {
    const json = (await res.json().catch(() => ({}))) as { message?: string }
    return new Error(json.message ?? `HTTP ${res.status}`)
  }
  const call = async <T>(method: string, urlPath: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { authorization: bearer() }
    if (method !== 'GET') {
      if (!csrf) {
        const res = await fetch(`${base}/api/csrf-token`)
        const cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ')
        csrf = { token: ((await res.json()) as { csrfToken: string }).csrfToken, cookie }
      }
      headers['x-csrf-token'] = csrf.token
      headers.cookie = csrf.cookie
      headers['content-type'] = 'application/json'
    }
    const res = await send(urlPath, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw await failure(res)
    const json = (await res.json().catch(() => ({}))) as {
      success?: boolean
      data?: T
      message?: string
    }
    if (json.success === false) throw new Error(json.message ?? `HTTP ${res.status}`)
    return json.data as T
  }
  return {
    get: (p) => call('GET', p),
    post: (p, body) => call('POST', p, body ?? {}),
    async download(p) {
      const res = await send(p, { headers: { authorization: bearer() } })
      if (!res.ok || !res.body) throw await failure(res)
      return Readable.fromWeb(res.body)
    },
  }
}

function usage(): string {
  return [
    'Usage: npm run admin -- <command>',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n')
}

export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: false })
  const [name, ...rest] = positionals
  const command = name ? COMMANDS[name] : undefined
  if (!command) {
    process.stderr.write(`${usage()}\n`)
    return name ? 1 : 0
  }
  try {
    await command.run(
      createAdminClient(serverUrl(env), () => adminToken(env)),
      argv.slice(argv.indexOf(name!) + 1),
      out,
      env,
    )
    void rest
    return 0
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
    return 1
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    (code) => process.exit(code),
    () => process.exit(1),
  )
}
