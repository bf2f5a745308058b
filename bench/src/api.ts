/**
 * `npm run bench -- api [seconds]`: the signed-in API against the framework's ceiling.
 *
 * One run measures, on loopback with autocannon (50 connections, `seconds` each, 8 by default):
 * a bare Fastify hello-world answering the same envelope (bench/src/api-ceiling.ts, the ceiling),
 * then the built server (`apps/server/dist`, NODE_ENV=production, default log level) on PGlite and
 * on PostgreSQL (a throwaway database created and dropped here): GET /api/health, GET
 * /api/auth/me signed in, GET /api/settings, and a document call refused by the subscription
 * guard (the account's plan is cancelled, so nothing renders). Each figure is printed as a share
 * of the ceiling measured in the same run, since absolute figures move with the machine; the
 * target compares GET /api/auth/me with GET /api/health of the same server. Also: cold start to healthy (fresh data and restart), `npm start`'s first start and restart with the build up to date, idle RSS after one sign-up and a quiet spell (IDLE_SETTLE_MS), and
 * RSS after the load, and the statements each call runs (counted in-process on PGlite, with how
 * many of them its read cache answers).
 * Exits 1 when a target is missed. Build first: `npm run build -w @myodocs/server`. With
 * BENCH_CPU_PROF=<dir>, every server process writes a CPU profile (`node --cpu-prof`) there.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { exerciseProgramInput } from '@myodocs/documents/fixtures/exercise'
import { findPostgres } from '../../apps/server/test/find-postgres'
import { freePort } from '../../apps/server/test/free-port'
import {
  IDLE_SETTLE_MS,
  SERVER,
  cpuMs,
  rssMb,
  signUpPractice,
  sleep,
  startServer,
  stopServer,
  throwawayPostgres,
} from './server-process'
import type { Agent } from './server-process'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { countQueries } from './api-queries'
import { measureNpmStart } from './npm-start'

const SEED = fileURLToPath(new URL('../../apps/server/dist/pglite-seed', import.meta.url))

const CEILING = fileURLToPath(new URL('./api-ceiling.ts', import.meta.url))
const CONNECTIONS = 50
/** The document kind whose refused call is measured (its fixture is small: no photos). */
const GUARD_KIND: DocumentKind = 'exercise'

type DbKind = 'pglite' | 'postgres'

/**
 * Targets: GET /api/auth/me against GET /api/health of the same server in the same run (the
 * share of the bare ceiling is printed too, with no target: docs/performance.md), idle RSS and
 * cold start.
 */
const TARGETS = {
  meOfHealth: 0.5,
  idleRssMb: { postgres: 200, pglite: 300 } as Record<DbKind, number>,
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

/**
 * Signs up one practice (Professional, so the PDF limit counts members) and cancels its plan, so
 * a document call reaches the subscription guard and is refused there.
 */
async function signUp(base: string, dataDir: string): Promise<Agent> {
  const { agent, businessName } = await signUpPractice(base, dataDir, 'professional')
  await agent.must('POST', '/api/subscription/cancel', { confirmBusinessName: businessName })
  const refused = await agent.call('POST', `/api/documents/${GUARD_KIND}`, exerciseProgramInput())
  if (refused.status !== 403 || refused.json.code !== 'TRIAL_EXPIRED') {
    throw new Error(`the document call was not refused by the guard: ${JSON.stringify(refused)}`)
  }
  return agent
}

// ---------------------------------------------------------------------------------------------
// Load.

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
    const agent = await signUp(base, dataDir)
    await sleep(IDLE_SETTLE_MS)
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

  const queries = await countQueries({ seed: SEED, guardKind: GUARD_KIND, signUp })
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
        const health = r.loads.find((h) => h.name === 'GET /api/health')
        const ofHealth = health ? l.rps / health.rps : 0
        target = `${pct(ofHealth)} of health, ≥ ${pct(TARGETS.meOfHealth)}`
        const pass = ofHealth >= TARGETS.meOfHealth
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
    '\n(cold start: spawn to the first 200 from /api/health; idle RSS: after one sign-up and ' +
      `${IDLE_SETTLE_MS / 1000} s with no request, the one warm render thread started.)`,
  )
  const npmStart = await measureNpmStart()
  console.log(
    'stale' in npmStart
      ? '\nnpm start: the build is older than the sources (npm run build first); not measured.'
      : `\nnpm start (build up to date, PGlite): first start ${ms(npmStart.firstMs)}, restart ` +
          `${ms(npmStart.restartMs)} (the command to the first 200 from /api/health).`,
  )
  console.log(
    `Load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  if (missed) process.exitCode = 1
}
