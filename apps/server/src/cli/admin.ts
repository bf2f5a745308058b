/**
 * `npm run admin -- <command>`: a thin client of the operator API (/api/admin/*). It finds the
 * server from PUBLIC_URL (else http://127.0.0.1:PORT) and the token from ADMIN_TOKEN (else the
 * DATA_DIR/admin-token file the server generated), so it works the same on PGlite and PostgreSQL
 * while the server runs.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ADMIN_TOKEN_FILE } from '../lib/secrets'

export type AdminClient = {
  get<T>(path: string): Promise<T>
  post<T>(path: string, body?: unknown): Promise<T>
}

type Command = {
  usage: string
  run(client: AdminClient, args: string[], out: (line: string) => void): Promise<void>
}

/** Every CLI command; features add theirs here. */
export const COMMANDS: Record<string, Command> = {
  ping: {
    usage: 'ping                      check the server and the operator token',
    async run(client, _args, out) {
      const data = await client.get<{ database: string }>('/api/admin/ping')
      out(`ok (database: ${data.database})`)
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

export function createAdminClient(base: string, token: string): AdminClient {
  let csrf: { token: string; cookie: string } | undefined
  const call = async <T>(method: string, urlPath: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` }
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
    let res: Response
    try {
      res = await fetch(`${base}${urlPath}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch {
      throw new Error(
        `Cannot reach the MyoDocs server at ${base}. Is it running? (set PUBLIC_URL or PORT)`,
      )
    }
    const json = (await res.json().catch(() => ({}))) as {
      success?: boolean
      data?: T
      message?: string
    }
    if (!res.ok || json.success === false) {
      throw new Error(json.message ?? `HTTP ${res.status}`)
    }
    return json.data as T
  }
  return {
    get: (p) => call('GET', p),
    post: (p, body) => call('POST', p, body ?? {}),
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
      createAdminClient(serverUrl(env), adminToken(env)),
      argv.slice(argv.indexOf(name!) + 1),
      out,
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
