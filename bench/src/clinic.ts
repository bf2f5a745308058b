/**
 * `npm run bench -- clinic [documents-per-therapist]`: the busy hour of a clinic, on the built
 * server (`apps/server/dist`, NODE_ENV=production) with PGlite and with PostgreSQL.
 *
 * Bodies as a clinic sends them: an assessment report of about 400 KB (two photos of about
 * 150 KB, the reference case's items, eight recommendations) and a 12-exercise prescription.
 * Each run, per database:
 * - start to ready, the first document after start, idle RSS (the render worker warmed, read
 *   after the sign-ups and IDLE_SETTLE_MS with no request);
 * - one therapist rendering documents back to back: the warm median and the server's CPU time
 *   per document (all its threads), from which the CPU limit (documents a second the cores can
 *   render) and the ideal time-to-PDF at c therapists, max(warm median, c × CPU / cores), follow;
 * - 1, 2, 4, 8 and 16 therapists (each signed in to their own practice) each rendering
 *   `documents-per-therapist` (4 by default) back to back, report then prescription: throughput
 *   as a share of the CPU limit, p50/p95/p99 time-to-PDF against the ideal, refusals (503), peak
 *   RSS, and the p95 of a read (GET /api/settings, one every 25 ms from another practice) against
 *   the same read while nothing renders;
 * - the first document after an idle spell (BENCH_IDLE_S, 600 s by default) against the warm
 *   median, and RSS at the end of the spell.
 * Ratios are taken within the run, so a loaded machine weighs on both sides; the load average is
 * printed. Results go to docs/performance.md with BENCH_WRITE=1. Exits 1 when a target is missed.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fullAssessmentInput } from '@myodocs/documents/fixtures/assessment'
import { exerciseProgramInput } from '@myodocs/documents/fixtures/exercise'
import { AssessmentDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { ExerciseDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { findPostgres } from '../../apps/server/test/find-postgres'
import { KIND_LABEL, LEVELS, median, quantile, report } from './clinic-report'
import type { DbKind, DbRun, Isolated, Kind, Level } from './clinic-report'
import { writeResults } from './results'
import {
  IDLE_SETTLE_MS,
  SERVER,
  SERVER_NICE,
  cpuMs,
  rssMb,
  signUpPractice,
  sleep,
  startServer,
  stopServer,
  throwawayPostgres,
} from './server-process'
import type { Agent, Server } from './server-process'

const READ_EVERY_MS = 25

// ---------------------------------------------------------------------------------------------
// Bodies

/**
 * A fixture photo grown to `bytes` with JPEG comment segments after its start marker: still a
 * valid JPEG, as large as a phone photo resized by the browser, and embedded as it is.
 */
function grownJpeg(dataUrl: string, bytes: number): string {
  const jpeg = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  const segments: Buffer[] = [jpeg.subarray(0, 2)]
  for (let left = bytes - jpeg.length; left > 4;) {
    const size = Math.min(left - 4, 65_000)
    const header = Buffer.from([0xff, 0xfe, (size + 2) >> 8, (size + 2) & 0xff])
    segments.push(header, randomBytes(size))
    left -= size + 4
  }
  segments.push(jpeg.subarray(2))
  return `data:image/jpeg;base64,${Buffer.concat(segments).toString('base64')}`
}

function reportBody() {
  const session = fullAssessmentInput()
  const photos = session.sections.flatMap((s) => s.images)
  const big = photos.slice(0, 2).map((p) => grownJpeg(p.data, 150 * 1024))
  for (const section of session.sections) section.images = []
  const tongue = session.sections.find((s) => s.id === 'tongue_lips')!
  tongue.images = photos.slice(0, 2).map((p, i) => ({ ...p, data: big[i]! }))
  for (const id of ['rec_dentist', 'rec_breathing']) {
    Object.assign(
      session.recommendations.find((r) => r.id === id)!,
      { selected: true },
    )
  }
  AssessmentDocumentRequestSchema.parse(session)
  return JSON.stringify(session)
}

function prescriptionBody() {
  const session = exerciseProgramInput()
  let chosen = 0
  for (const e of session.exercises) if (e.selected && ++chosen > 12) e.selected = false
  ExerciseDocumentRequestSchema.parse(session)
  return JSON.stringify(session)
}

// ---------------------------------------------------------------------------------------------
// Measuring

async function renderOnce(agent: Agent, kind: Kind, body: string) {
  const started = performance.now()
  const res = await fetch(`${agent.base}/api/documents/${kind}`, {
    method: 'POST',
    headers: {
      cookie: agent.cookieHeader(),
      'x-csrf-token': agent.csrf,
      'content-type': 'application/json',
    },
    body,
  })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

/** Reads one after another while `running()`; their latencies. */
async function readLoop(agent: Agent, running: () => boolean): Promise<number[]> {
  const latencies: number[] = []
  while (running()) {
    const started = performance.now()
    const res = await fetch(`${agent.base}/api/settings`, {
      headers: { cookie: agent.cookieHeader() },
    })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`a read answered ${res.status}`)
    latencies.push(performance.now() - started)
    await sleep(READ_EVERY_MS)
  }
  return latencies
}

/** Samples the server's RSS while `running()`; the peak. */
async function peakRss(pid: number, running: () => boolean) {
  let peak = 0
  while (running()) {
    peak = Math.max(peak, rssMb(pid))
    await sleep(100)
  }
  return peak
}

async function sweepLevel(
  server: Server,
  therapists: Agent[],
  reader: Agent,
  kind: Kind,
  body: string,
  perTherapist: number,
): Promise<Level> {
  let running = true
  const reads = readLoop(reader, () => running)
  const rss = peakRss(server.child.pid!, () => running)
  const started = performance.now()
  const cpuBefore = cpuMs(server.child.pid!)
  const results = await Promise.all(
    therapists.map(async (agent) => {
      const mine: Array<{ status: number; ms: number }> = []
      for (let i = 0; i < perTherapist; i++) mine.push(await renderOnce(agent, kind, body))
      return mine
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpu = cpuMs(server.child.pid!) - cpuBefore
  running = false
  const all = results.flat()
  return {
    therapists: therapists.length,
    kind,
    ok: all.filter((r) => r.status === 200).length,
    refused: all.filter((r) => r.status === 503).length,
    failed: all.filter((r) => r.status !== 200 && r.status !== 503).length,
    seconds,
    times: all.filter((r) => r.status === 200).map((r) => r.ms),
    readP95: quantile(await reads, 0.95),
    peakRssMb: await rss,
    cpuMs: cpu,
  }
}

async function measureDatabase(
  db: DbKind,
  perTherapist: number,
  idleSeconds: number,
  postgresUrl?: string,
): Promise<DbRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `myodocs-clinic-${db}-`))
  const logFile = path.join(dataDir, 'server.log')
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
  if (postgresUrl) env.DATABASE_URL = postgresUrl
  const server = await startServer(env, logFile)
  const pid = server.child.pid!
  try {
    const base = `http://127.0.0.1:${server.port}`
    const agents: Agent[] = []
    for (let i = 0; i <= Math.max(...LEVELS); i++) {
      agents.push((await signUpPractice(base, dataDir, 'premium')).agent)
    }
    const reader = agents.pop()!
    await sleep(IDLE_SETTLE_MS)
    const idleRssMb = rssMb(pid)
    let idle = true
    const idleReads = await Promise.all([
      readLoop(reader, () => idle),
      sleep(3_000).then(() => (idle = false)),
    ])
    const idleReadP95 = quantile(idleReads[0], 0.95)

    const bodies: Record<Kind, string> = { assessment: reportBody(), exercise: prescriptionBody() }
    const isolated = {} as Record<Kind, Isolated>
    for (const kind of ['assessment', 'exercise'] as const) {
      const first = await renderOnce(agents[0]!, kind, bodies[kind])
      if (first.status !== 200) {
        throw new Error(`a ${KIND_LABEL[kind]} answered ${first.status}:\n${tail(logFile)}`)
      }
      for (let i = 0; i < 3; i++) await renderOnce(agents[0]!, kind, bodies[kind])
      const before = cpuMs(pid)
      const times: number[] = []
      const n = 12
      for (let i = 0; i < n; i++) times.push((await renderOnce(agents[0]!, kind, bodies[kind])).ms)
      isolated[kind] = {
        warmMedianMs: median(times),
        cpuMsPerDoc: (cpuMs(pid) - before) / n,
        firstAfterStartMs: first.ms,
      }
    }

    const levels: Level[] = []
    for (const kind of ['assessment', 'exercise'] as const) {
      for (const c of LEVELS) {
        levels.push(
          await sweepLevel(server, agents.slice(0, c), reader, kind, bodies[kind], perTherapist),
        )
        process.stdout.write('.')
      }
    }

    process.stdout.write(` idle ${idleSeconds} s`)
    await sleep(idleSeconds * 1000)
    const rssAfterIdleMb = rssMb(pid)
    const firstAfterIdle = await renderOnce(agents[0]!, 'assessment', bodies.assessment)
    process.stdout.write('\n')
    return {
      db,
      readyMs: server.coldMs,
      idleRssMb,
      idleReadP95,
      isolated,
      levels,
      idleSeconds,
      firstAfterIdleMs: firstAfterIdle.ms,
      rssAfterIdleMb,
    }
  } finally {
    await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const tail = (file: string) => readFileSync(file, 'utf8').split('\n').slice(-20).join('\n')

export async function run(args: string[]): Promise<void> {
  const perTherapist = Number(args[0] ?? 4)
  const idleSeconds = Number(process.env.BENCH_IDLE_S ?? 600)
  if (!existsSync(SERVER)) {
    console.error('Build the server first: npm run build -w @myodocs/server')
    process.exit(1)
  }
  const cores = availableParallelism()
  const loadBefore = loadavg()
  console.log(
    `Clinic benchmark: ${cores} cores, load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, ` +
      `server at nice ${SERVER_NICE}`,
  )
  const dbs = process.env.BENCH_DB ?? 'pglite,postgres'
  const runs: DbRun[] = []
  if (dbs.includes('pglite')) runs.push(await measureDatabase('pglite', perTherapist, idleSeconds))
  const postgresBase = dbs.includes('postgres') ? await findPostgres() : undefined
  if (postgresBase) {
    const pgDb = await throwawayPostgres(postgresBase)
    try {
      runs.push(await measureDatabase('postgres', perTherapist, idleSeconds, pgDb.url))
    } finally {
      await pgDb.drop()
    }
  } else if (dbs.includes('postgres')) {
    console.log('No PostgreSQL answered (TEST_DATABASE_URL or 127.0.0.1:5432): PGlite only.')
  }
  const { lines, missed } = report(runs, cores, perTherapist)
  const loadAfter = loadavg()
  lines.push(
    '',
    `Load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ` +
      `${loadAfter.map((n) => n.toFixed(2)).join(' ')} (other work on the machine shares the ` +
      `cores); the server ran at nice ${SERVER_NICE}, its render threads 10 below it.`,
  )
  console.log(lines.join('\n'))
  writeResults('clinic', lines)
  if (missed) process.exitCode = 1
}
