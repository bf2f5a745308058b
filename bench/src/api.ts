/**
 * `npm run bench -- api [seconds]`: the signed-in API against the framework's ceiling.
 *
 * One run measures, on loopback with autocannon (50 connections, `seconds` each, 8 by default):
 * a bare Fastify hello-world answering the same envelope (bench/src/api-ceiling.ts, the ceiling),
 * then the built server (`apps/server/dist`, NODE_ENV=production, default log level) on PGlite and
 * on PostgreSQL (a throwaway database created and dropped here): GET /api/health, GET
 * /api/auth/me signed in, GET /api/settings, and a document call refused by the subscription
 * guard (the account's plan is cancelled, so nothing renders). Each figure is printed beside its
 * target as a share of the ceiling measured in the same run, since absolute figures move with the
 * machine. Also: cold start to healthy (fresh data and restart), idle RSS after one sign-up and
 * RSS after the load, and the statements each call runs (counted in-process on PGlite, with how
 * many of them its read cache answers).
 * Exits 1 when a target is missed. Build first: `npm run build -w @myodocs/server`. With
 * BENCH_CPU_PROF=<dir>, every server process writes a CPU profile (`node --cpu-prof`) there.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { exerciseProgramInput } from '@myodocs/documents/fixtures/exercise'
import { findPostgres } from '../../apps/server/test/find-postgres'
import { freePort } from '../../apps/server/test/free-port'

const SERVER = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url))
const SEED = fileURLToPath(new URL('../../apps/server/dist/pglite-seed', import.meta.url))
const CEILING = fileURLToPath(new URL('./api-ceiling.ts', import.meta.url))
const CONNECTIONS = 50
const ADMIN_TOKEN = `bench-admin-${randomBytes(16).toString('hex')}`
const APP_SECRET = randomBytes(48).toString('base64')
const PASSWORD = 'Vq8#Lw2!Rx9$Tz'
/** The document kind whose refused call is measured (its fixture is small: no photos). */
const GUARD_KIND = 'exercise'

type DbKind = 'pglite' | 'postgres'

/** Targets: share of the ceiling and p99 for GET /api/auth/me, idle RSS and cold start. */
const TARGETS = {
  me: {
    postgres: { share: 0.3, p99: 25 },
    pglite: { share: 0.1, p99: 50 },
  } as Record<DbKind, { share: number; p99: number }>,
  idleRssMb: { postgres: 200, pglite: 350 } as Record<DbKind, number>,
  coldStartMs: { pglite: 1500 } as Partial<Record<DbKind, number>>,
}

type Load = {
  name: string
  rps: number
  p50: number
  p99: number
  statuses: Record<string, number>
  expected: number
  errors: number
  /** The server process's CPU time per answered request (all its threads; not PostgreSQL's). */
  cpuMsPerRequest: number
}

// ---------------------------------------------------------------------------------------------
// A minimal browser: a cookie jar and the CSRF token.

class Agent {
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
    return { status: res.status, json }
  }

  async must(method: string, url: string, body?: unknown, headers?: Record<string, string>) {
    const res = await this.call(method, url, body, headers)
    if (res.status !== 200) {
      throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.json)}`)
    }
    return res.json.data ?? {}
  }
}

/**
 * Signs up one practice (Professional, so the PDF limit counts members) through the API, accepts
 * the three legal documents and cancels the plan, so a document call reaches the subscription
 * guard and is refused there.
 */
async function signUp(base: string): Promise<Agent> {
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
  await agent.must('POST', '/api/auth/register', {
    email: `bench-${randomBytes(4).toString('hex')}@clinic.test`,
    password: PASSWORD,
    firstName: 'Morgan',
    lastName: 'Ellis',
    businessName,
    therapistTitle: 'RDH',
    therapistPhone: '5551234567',
    planType: 'professional',
    billingFrequency: 'monthly',
    inviteCode: invite.code,
    ageConfirmed: true,
    acceptTerms: true,
    acceptBAA: true,
  })
  await agent.must('POST', '/api/legal/baa/accept', {
    accept: true,
    signatureData: { name: 'Morgan Ellis', title: 'Owner' },
  })
  await agent.must('POST', '/api/legal/terms/accept', { accept: true })
  await agent.must('POST', '/api/legal/email-provider-attestation/accept', { accept: true })
  await agent.must('POST', '/api/subscription/cancel', { confirmBusinessName: businessName })
  const refused = await agent.call('POST', `/api/documents/${GUARD_KIND}`, exerciseProgramInput())
  if (refused.status !== 403 || refused.json.code !== 'TRIAL_EXPIRED') {
    throw new Error(`the document call was not refused by the guard: ${JSON.stringify(refused)}`)
  }
  return agent
}

// ---------------------------------------------------------------------------------------------
// Processes.

type Server = { child: ChildProcess; port: number; logFile: string; coldMs: number }

async function waitHealthy(port: number, child: ChildProcess, logFile: string) {
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

async function startServer(env: Record<string, string>, logFile: string): Promise<Server> {
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
  await waitHealthy(port, child, logFile)
  return { child, port, logFile, coldMs: performance.now() - started }
}

async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return
  const exited = new Promise((r) => server.child.once('exit', r))
  server.child.kill('SIGTERM')
  await Promise.race([exited, sleep(15_000)])
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------------------------------------
// Load.

/** User + system CPU time of a process, all threads, in ms (/proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function load(
  name: string,
  url: string,
  seconds: number,
  expected: number,
  pid: number,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<Load> {
  const run = (duration: number) =>
    autocannon({ url, connections: CONNECTIONS, duration, ...options })
  await run(1) // warm-up: JIT, connection pools, caches
  const cpuBefore = cpuMs(pid)
  const r = await run(seconds)
  const cpu = cpuMs(pid) - cpuBefore
  const statuses = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s?.count ?? 0]),
  )
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    statuses,
    expected,
    errors: r.errors + r.timeouts,
    cpuMsPerRequest: cpu / Math.max(1, r.requests.total),
  }
}

async function measureCeiling(seconds: number): Promise<Load> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', CEILING, String(port)], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('listening') && resolve())
    child.once('exit', (code) => reject(new Error(`ceiling exited (${code})`)))
  })
  try {
    return await load(
      'bare Fastify hello-world (the ceiling)',
      `http://127.0.0.1:${port}/api/health`,
      seconds,
      200,
      child.pid!,
    )
  } finally {
    child.kill('SIGTERM')
  }
}

type DbRun = {
  kind: DbKind
  coldFreshMs: number
  coldRestartMs: number
  idleRssMb: number
  loadedRssMb: number
  loads: Load[]
}

async function measureDatabase(
  kind: DbKind,
  seconds: number,
  postgresUrl?: string,
): Promise<DbRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `myodocs-bench-${kind}-`))
  const logFile = path.join(dataDir, 'server.log')
  const env: Record<string, string> = { DATA_DIR: dataDir }
  if (postgresUrl) env.DATABASE_URL = postgresUrl
  let server = await startServer(env, logFile)
  try {
    const coldFreshMs = server.coldMs
    const base = `http://127.0.0.1:${server.port}`
    const agent = await signUp(base)
    await sleep(2_000)
    const idleRssMb = rssMb(server.child.pid!)

    const signedIn = { cookie: agent.cookieHeader() }
    const pid = server.child.pid!
    const guard = `POST /api/documents/${GUARD_KIND} (refused by the guard)`
    const calls: Array<[name: string, () => Promise<Load>]> = [
      ['GET /api/health', () => load('GET /api/health', `${base}/api/health`, seconds, 200, pid)],
      [
        'GET /api/auth/me',
        () =>
          load('GET /api/auth/me', `${base}/api/auth/me`, seconds, 200, pid, {
            headers: signedIn,
          }),
      ],
      [
        'GET /api/settings',
        () =>
          load('GET /api/settings', `${base}/api/settings`, seconds, 200, pid, {
            headers: signedIn,
          }),
      ],
      [
        guard,
        () =>
          load(guard, `${base}/api/documents/${GUARD_KIND}`, seconds, 403, pid, {
            method: 'POST',
            headers: {
              ...signedIn,
              'x-csrf-token': agent.csrf,
              'content-type': 'application/json',
            },
            body: JSON.stringify(exerciseProgramInput()),
          }),
      ],
    ]
    // BENCH_CALLS=<regex>: only the calls whose name matches (a profile of one call).
    const only = process.env.BENCH_CALLS ? new RegExp(process.env.BENCH_CALLS) : null
    const loads: Load[] = []
    for (const [name, call] of calls) if (!only || only.test(name)) loads.push(await call())
    const loadedRssMb = rssMb(server.child.pid!)
    await stopServer(server)
    server = await startServer(env, logFile)
    return { kind, coldFreshMs, coldRestartMs: server.coldMs, idleRssMb, loadedRssMb, loads }
  } finally {
    await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A throwaway PostgreSQL database for the run; `drop` removes it. */
async function throwawayPostgres(base: string) {
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

// ---------------------------------------------------------------------------------------------
// Queries per call: the real app in-process on PGlite, every statement counted.

async function countQueries(): Promise<
  Array<{ name: string; statements: number; onPglite: number }>
> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { buildApp } = await import('../../apps/server/src/app')
  const { loadConfig } = await import('../../apps/server/src/config')
  const { fromPglite } = await import('../../apps/server/src/db/pglite')
  const { createSystemMailer } = await import('../../apps/server/src/email/system-mailer')
  const { resolveSecrets } = await import('../../apps/server/src/lib/secrets')

  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-bench-queries-'))
  cpSync(SEED, path.join(dataDir, 'db'), { recursive: true })
  const client = await PGlite.create(path.join(dataDir, 'db'))
  // Statements a call runs (what PostgreSQL executes), and those of them that reach PGlite: its
  // read cache (apps/server/src/db/read-cache.ts) answers the rest from memory. Drizzle runs plain
  // statements through query() and transactions through the tx's query().
  let issued = 0
  let reached = 0
  const query = client.query.bind(client)
  client.query = ((...args: Parameters<typeof query>) => {
    reached++
    return query(...args)
  }) as typeof client.query
  const transaction = client.transaction.bind(client)
  client.transaction = ((fn: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx)
      tx.query = ((...args: Parameters<typeof txQuery>) => {
        issued++
        reached++
        return txQuery(...args)
      }) as typeof tx.query
      return fn(tx)
    })) as typeof client.transaction
  const config = resolveSecrets(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_SECRET,
      ADMIN_TOKEN,
    }),
    { info() {} },
  )
  const database = fromPglite(client)
  const cached = client.query.bind(client)
  client.query = ((...args: Parameters<typeof cached>) => {
    issued++
    return cached(...args)
  }) as typeof client.query
  const mailer = createSystemMailer(config, { info() {}, warn() {}, error() {} } as never)
  const app = await buildApp(config, { database, mailer, webDistDir: dataDir })
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const { port } = app.server.address() as { port: number }
    const agent = await signUp(`http://127.0.0.1:${port}`)
    const counted = async (name: string, method: string, url: string, body?: unknown) => {
      await agent.call(method, url, body) // the first call may fill a cache
      issued = 0
      reached = 0
      const calls = 5
      for (let i = 0; i < calls; i++) await agent.call(method, url, body)
      return { name, statements: issued / calls, onPglite: reached / calls }
    }
    return [
      await counted('GET /api/health', 'GET', '/api/health'),
      await counted('GET /api/auth/me', 'GET', '/api/auth/me'),
      await counted('GET /api/settings', 'GET', '/api/settings'),
      await counted(
        `POST /api/documents/${GUARD_KIND} (refused by the guard)`,
        'POST',
        `/api/documents/${GUARD_KIND}`,
        exerciseProgramInput(),
      ),
    ]
  } finally {
    await app.close()
    mailer.close()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`
const pct = (n: number) => `${(n * 100).toFixed(n < 0.1 ? 1 : 0)} %`
const cpu = (n: number) => `${n.toFixed(n < 1 ? 3 : 1)} ms`
const ok = (pass: boolean) => (pass ? 'PASS' : 'MISS')

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const [n, r] of rows.entries()) {
    console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '))
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}

function statementsOf(
  count: { statements: number; onPglite: number } | undefined,
  kind: DbKind | '-',
) {
  if (!count) return '?'
  return kind === 'pglite' ? `${count.statements} (${count.onPglite})` : String(count.statements)
}

function statusNote(l: Load) {
  const other = Object.entries(l.statuses).filter(([code]) => Number(code) !== l.expected)
  const parts = other.map(([code, n]) => `${n}× ${code}`)
  if (Object.keys(l.statuses).length === 0) parts.push('no answer')
  if (l.errors) parts.push(`${l.errors} errors/timeouts`)
  return parts.length ? `UNEXPECTED ${parts.join(', ')}` : `all ${l.expected}`
}

export async function run(args: string[]): Promise<void> {
  const seconds = Number(args[0] ?? 8)
  if (!existsSync(SERVER) || !existsSync(SEED)) {
    console.error('Build the server first: npm run build -w @myodocs/server')
    process.exit(1)
  }
  const postgresBase = await findPostgres()
  console.log(
    `API benchmark: ${CONNECTIONS} connections, ${seconds} s per call after 1 s of warm-up, ` +
      `loopback, built server with NODE_ENV=production.`,
  )
  console.log(
    `Load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}\n`,
  )

  const queries = await countQueries()
  const ceiling = await measureCeiling(seconds)
  // BENCH_DB=pglite|postgres: one database only.
  const dbs = process.env.BENCH_DB ?? 'pglite,postgres'
  const runs: DbRun[] = []
  if (dbs.includes('pglite')) runs.push(await measureDatabase('pglite', seconds))
  if (dbs.includes('postgres') && postgresBase) {
    const pgDb = await throwawayPostgres(postgresBase)
    try {
      runs.push(await measureDatabase('postgres', seconds, pgDb.url))
    } finally {
      await pgDb.drop()
    }
  } else if (dbs.includes('postgres')) {
    console.log('No PostgreSQL answered (TEST_DATABASE_URL or 127.0.0.1:5432): PGlite only.\n')
  }

  let missed = false
  const rows = [
    [
      'database',
      'call',
      'req/s',
      'p50',
      'p99',
      'of ceiling',
      'CPU/req',
      'of ceiling (CPU)',
      'statements',
      'target',
      '',
      'answers',
    ],
  ]
  rows.push([
    '-',
    ceiling.name,
    ceiling.rps.toFixed(0),
    ms(ceiling.p50),
    ms(ceiling.p99),
    '100 %',
    cpu(ceiling.cpuMsPerRequest),
    '100 %',
    '0',
    '',
    '',
    statusNote(ceiling),
  ])
  for (const r of runs) {
    for (const l of r.loads) {
      const share = l.rps / ceiling.rps
      let target = ''
      let verdict = ''
      if (l.name === 'GET /api/auth/me') {
        const t = TARGETS.me[r.kind]
        target = `≥ ${pct(t.share)}, p99 ≤ ${t.p99} ms`
        const pass = share >= t.share && l.p99 <= t.p99
        verdict = ok(pass)
        missed ||= !pass
      }
      const unexpected = statusNote(l).startsWith('UNEXPECTED')
      missed ||= unexpected
      rows.push([
        r.kind,
        l.name,
        l.rps.toFixed(0),
        ms(l.p50),
        ms(l.p99),
        pct(share),
        cpu(l.cpuMsPerRequest),
        pct(ceiling.cpuMsPerRequest / l.cpuMsPerRequest),
        statementsOf(
          queries.find((q) => q.name === l.name),
          r.kind,
        ),
        target,
        verdict,
        statusNote(l),
      ])
    }
  }
  table(rows)
  console.log(
    '\n(of ceiling: requests/s against the ceiling in this run, the target. CPU/req: the server ' +
      "process's CPU time per answer, all threads, PostgreSQL's own processes not included; its " +
      'share of the ceiling moves less than requests/s when other work shares the cores. ' +
      'statements: per call, counted in-process after one call; on PGlite, how many of them ' +
      'reach the database beside it, the rest being answered by its read cache.)\n',
  )

  const memRows = [
    [
      'database',
      'cold start (fresh)',
      'restart',
      'target',
      '',
      'idle RSS',
      'target',
      '',
      'RSS after load',
    ],
  ]
  for (const r of runs) {
    const coldTarget = TARGETS.coldStartMs[r.kind]
    const coldPass = coldTarget === undefined || r.coldFreshMs <= coldTarget
    const rssPass = r.idleRssMb <= TARGETS.idleRssMb[r.kind]
    missed ||= !coldPass || !rssPass
    memRows.push([
      r.kind,
      ms(r.coldFreshMs),
      ms(r.coldRestartMs),
      coldTarget === undefined ? '' : `≤ ${ms(coldTarget)}`,
      coldTarget === undefined ? '' : ok(coldPass),
      `${r.idleRssMb.toFixed(0)} MB`,
      `≤ ${TARGETS.idleRssMb[r.kind]} MB`,
      ok(rssPass),
      `${r.loadedRssMb.toFixed(0)} MB`,
    ])
  }
  table(memRows)
  console.log(
    '\n(cold start: spawn to the first 200 from /api/health; idle RSS: after one sign-up; the ' +
      'render workers start on the first render and none has run yet.)',
  )
  console.log(
    `Load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  if (missed) process.exitCode = 1
}
