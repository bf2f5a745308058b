/**
 * What the benches that drive the built server share: a minimal browser (cookie jar and CSRF
 * token), signing up a practice through the API, starting and stopping `apps/server/dist` as its
 * own process, its CPU time and RSS from /proc, and a throwaway PostgreSQL database.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs'
import { setPriority } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freePort } from '../../apps/server/test/free-port'

export const SERVER = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url))
export const ADMIN_TOKEN = `bench-admin-${randomBytes(16).toString('hex')}`
export const APP_SECRET = randomBytes(48).toString('base64')
const PASSWORD = 'Vq8#Lw2!Rx9$Tz'

/**
 * The server's nice value (BENCH_SERVER_NICE; default -10 as root, else 0). The machine is shared
 * with other work at 0: raised this way, the server's main thread and its render threads (10
 * below it) stand against that work as they would on a machine of their own, with nothing else.
 */
export const SERVER_NICE = Number(
  process.env.BENCH_SERVER_NICE ?? (process.getuid?.() === 0 ? -10 : 0),
)

// ---------------------------------------------------------------------------------------------
// A minimal browser: a cookie jar and the CSRF token.

export class Agent {
  private cookies = new Map<string, string>()
  csrf = ''
  constructor(readonly base: string) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq)
      const value = pair!.slice(eq + 1)
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    const json = text ? (JSON.parse(text) as { data?: Record<string, unknown>; code?: string }) : {}
    const retryAfter = res.headers.get('retry-after')
    return { status: res.status, json, retryAfter: retryAfter === null ? null : Number(retryAfter) }
  }

  async must(method: string, url: string, body?: unknown, headers?: Record<string, string>) {
    let res = await this.call(method, url, body, headers)
    // Sign-ups share one address, which the server limits (30 a minute): a bench signing up a
    // clinic's practices waits out the window as a person would.
    while (res.status === 429 && res.retryAfter !== null) {
      await sleep(res.retryAfter * 1000)
      res = await this.call(method, url, body, headers)
    }
    if (res.status !== 200) {
      throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.json)}`)
    }
    return res.json.data ?? {}
  }
}

/**
 * The token of the sign-up link registering `email` wrote to the server's outbox (a bench server
 * has no SYSTEM_SMTP_URL). The text part is quoted-printable: soft breaks and escapes undone.
 */
async function outboxSignUpToken(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox')
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      const raw = readFileSync(path.join(outbox, file), 'utf8')
      if (!raw.includes(email)) continue
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      const token = /\/register\/confirm\?token=([^\s"<&]+)/.exec(text)?.[1]
      if (token) return decodeURIComponent(token)
    }
    await sleep(20)
  }
  throw new Error(`no sign-up link for ${email} in ${outbox}`)
}

/**
 * Signs up one practice through the API on `plan` (a trial): the form, then the link the server
 * wrote to its outbox in `dataDir`; and accepts the three legal documents, so its documents reach
 * the subscription guard.
 */
export async function signUpPractice(
  base: string,
  dataDir: string,
  plan: 'essential' | 'professional' | 'premium' = 'professional',
): Promise<{ agent: Agent; businessName: string }> {
  const agent = new Agent(base)
  agent.csrf = String((await agent.must('GET', '/api/csrf-token')).csrfToken)
  const invite = await agent.must(
    'POST',
    '/api/admin/invite-codes',
    {},
    {
      authorization: `Bearer ${ADMIN_TOKEN}`,
    },
  )
  const businessName = `Bench Myofunctional ${randomBytes(3).toString('hex')}`
  const email = `bench-${randomBytes(4).toString('hex')}@clinic.test`
  await agent.must('POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'Morgan',
    lastName: 'Ellis',
    businessName,
    therapistTitle: 'RDH',
    therapistPhone: '5551234567',
    planType: plan,
    billingFrequency: 'monthly',
    inviteCode: invite.code,
    ageConfirmed: true,
    acceptTerms: true,
    acceptBAA: true,
  })
  await agent.must('POST', '/api/auth/register/confirm', {
    token: await outboxSignUpToken(dataDir, email),
  })
  await agent.must('POST', '/api/legal/baa/accept', {
    accept: true,
    signatureData: { name: 'Morgan Ellis', title: 'Owner' },
  })
  await agent.must('POST', '/api/legal/terms/accept', { accept: true })
  await agent.must('POST', '/api/legal/email-provider-attestation/accept', { accept: true })
  return { agent, businessName }
}

// ---------------------------------------------------------------------------------------------
// Processes.

export type Server = { child: ChildProcess; port: number; logFile: string; coldMs: number }

export async function waitHealthy(port: number, child: ChildProcess, logFile: string) {
  const until = Date.now() + 300_000
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      throw new Error(`server exited (${child.exitCode}):\n${readFileSync(logFile, 'utf8')}`)
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(10)
  }
  throw new Error(`server on :${port} did not become healthy`)
}

export async function startServer(env: Record<string, string>, logFile: string): Promise<Server> {
  const port = await freePort()
  const log = openSync(logFile, 'a')
  const started = performance.now()
  // BENCH_CPU_PROF=<dir>: each server process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []
  const child = spawn(process.execPath, [...flags, SERVER], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_SECRET,
      ADMIN_TOKEN,
      ...env,
    },
    stdio: ['ignore', log, log],
  })
  if (SERVER_NICE !== 0) setPriority(child.pid!, SERVER_NICE)
  await waitHealthy(port, child, logFile)
  return { child, port, logFile, coldMs: performance.now() - started }
}

export async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return
  const exited = new Promise((r) => server.child.once('exit', r))
  server.child.kill('SIGTERM')
  await Promise.race([exited, sleep(15_000)])
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * How long a server is left alone before its idle RSS is read: the password-strength thread ends
 * half a minute after its last check and each thread collects 10–20 s after its last work
 * (docs/decisions/011-api-hot-path.md), so a reading taken sooner is of the last sign-up.
 */
export const IDLE_SETTLE_MS = 45_000

/** User + system CPU time of a process, all threads, in ms (/proc/<pid>/stat, 100 ticks a second). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** A throwaway PostgreSQL database for the run; `drop` removes it. */
export async function throwawayPostgres(base: string) {
  const name = `myodocs_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base })
      await c.connect()
      await c.query(`drop database if exists "${name}" with (force)`)
      await c.end()
    },
  }
}
