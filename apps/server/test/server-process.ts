/**
 * The real entry point (src/server.ts) as a child process, for the tests that stop, kill and
 * restart it, and a fetch client with a cookie jar and the CSRF token, like a browser tab.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

export type ServerProcess = {
  child: ChildProcess
  output: () => string
  exit: Promise<number | null>
}

const running = new Set<ChildProcess>()

/** Starts `src/server.ts` under tsx with only PATH and `env` (plus NODE_ENV=test). */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let out = ''
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child)
      resolve(code)
    }),
  )
  return { child, output: () => out, exit }
}

/** Kills every server this file started that is still running (afterEach). */
export function killServers() {
  for (const c of running) c.kill('SIGKILL')
}

/** Polls /api/health; gives up early when `proc` exits, quoting its output. */
export async function waitHealthy(port: number, timeoutMs = 60_000, proc?: ServerProcess) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (proc && proc.child.exitCode !== null)
      throw new Error(`server exited (${proc.child.exitCode}):\n${proc.output()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server on :${port} did not become healthy:\n${proc?.output() ?? ''}`)
}

/** Polls `check` every 50 ms until it is true, or fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 50))
  }
}

export type HttpAnswer = { status: number; headers: Headers; body: unknown; bytes: number }

/** A browser tab over real HTTP: keeps cookies, sends the CSRF token on writes. */
export class HttpAgent {
  private cookies = new Map<string, string>()
  private csrfToken: string | undefined
  constructor(readonly base: string) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { ...extra, ...this.sessionHeaders(method) }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const at = pair!.indexOf('=')
      const value = pair!.slice(at + 1)
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(pair!.slice(0, at))
      else this.cookies.set(pair!.slice(0, at), value)
    }
    const raw = Buffer.from(await res.arrayBuffer())
    const json = (res.headers.get('content-type') ?? '').includes('json')
    return {
      status: res.status,
      headers: res.headers,
      body: json ? (JSON.parse(raw.toString('utf8')) as unknown) : raw,
      bytes: raw.length,
    }
  }

  /** This tab's cookies and, on a write, its CSRF token (for a request made by other means). */
  sessionHeaders(method: string): Record<string, string> {
    const headers: Record<string, string> = {}
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken
    return headers
  }

  async csrf() {
    const res = await this.request('GET', '/api/csrf-token')
    this.csrfToken = (res.body as { csrfToken: string }).csrfToken
  }

  get = (url: string) => this.request('GET', url)
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers)
  put = (url: string, body?: unknown) => this.request('PUT', url, body)
}
