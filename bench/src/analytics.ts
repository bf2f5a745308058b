/**
 * `npm run bench -- analytics [events] [pglite|postgres]`: GET /api/analytics/usage on a business with `events`
 * PDF usage events (100,000 by default) and a tenth as many email log rows, beside 10 other
 * businesses of the same size, on PGlite and on PostgreSQL (a throwaway database created and
 * dropped here). The app runs in-process (app.inject, signed in as the primary user); the data
 * is seeded with generate_series, spread over the last 12 months, and the daily rollup the page
 * reads is filled from it. Prints p50 and p95 of the
 * default range (six months) and of twelve months beside the target (p50 ≤ 50 ms on PostgreSQL),
 * and the query plan's index use. Exits 1 when the target is missed.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { buildApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { fromPglite } from '../../apps/server/src/db/pglite'
import { openPostgres } from '../../apps/server/src/db/postgres'
import type { Database } from '../../apps/server/src/db/client'
import { migrateDatabase } from '../../apps/server/src/db/migrate'
import { createSystemMailer } from '../../apps/server/src/email/system-mailer'
import { hashPassword } from '../../apps/server/src/lib/password-hashing'
import { createLogger } from '../../apps/server/src/lib/logger'
import type { RenderPool } from '../../apps/server/src/modules/documents/render-pool'
import { findPostgres } from '../../apps/server/test/find-postgres'

type DbKind = 'pglite' | 'postgres'
const TARGET_P50_MS: Record<DbKind, number | null> = { postgres: 50, pglite: null }
const BUSINESSES = 11
const MEMBERS = 5
const PASSWORD = 'Vq8#Lw2!Rx9$Tz'
const ROUNDS = 40

/** The bench renders nothing. */
const noRenderPool: RenderPool = {
  run: () => Promise.reject(new Error('the analytics bench renders nothing')),
  admit: () => () => {},
  queueBytes: 0,
  bytesInFlight: 0,
  threadsStarted: 0,
  start: () => {},
  warmUp: () => Promise.resolve(),
  threads: 1,
  maxQueue: 1,
  pending: 0,
  waiting: 0,
  refuse: () => new Error('the analytics bench renders nothing'),
  observe: () => () => {},
  close: () => Promise.resolve(),
}

/**
 * Runs plain SQL on the bench's own connection (PGlite's client, or a pg client free of the app's
 * query timeout); every value in it is the bench's own.
 */
type Raw = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`

async function seed(raw: Raw, events: number): Promise<string> {
  const passwordHash = await hashPassword(PASSWORD)
  const email = `bench-${randomBytes(4).toString('hex')}@clinic.test`
  // 11 businesses, 5 users each (the first the primary user), a trial each.
  await raw(`
    insert into businesses (id, name)
    select gen_random_uuid(), 'Bench practice ' || b from generate_series(1, ${BUSINESSES}) b`)
  await raw(`
    insert into business_subscriptions (business_id, plan_type, status, billing_frequency, trial_end)
    select id, 'essential', 'trial', 'monthly', now() + interval '20 days'
    from businesses where name like 'Bench practice %'`)
  await raw(`
    insert into users (email, password_hash, first_name, last_name, business_id, is_primary_user)
    select
      case when b.name = 'Bench practice 1' and u = 1 then ${quote(email)}
           else 'bench-' || md5(b.id::text || u) || '@clinic.test' end,
      ${quote(passwordHash)}, 'Member', 'No. ' || u, b.id, u = 1
    from businesses b, generate_series(1, ${MEMBERS}) u
    where b.name like 'Bench practice %'`)
  const kinds = `(array['assessment','patient-summary','exercise','after-visit-summary'])`
  await raw(`
    insert into pdf_usage_events (business_id, user_id, kind, created_at)
    select u.business_id, u.id, ${kinds}[1 + (i % 4)],
           now() - (random() * interval '365 days')
    from (select business_id, id from users where email like 'bench-%') u,
         generate_series(1, ${Math.ceil(events / MEMBERS)}) i`)
  // The daily rollup the page reads, as the app keeps it (one upsert per event) but in one go.
  await raw(`
    insert into pdf_usage_daily (business_id, user_id, day, kind, count)
    select business_id, user_id, (created_at at time zone 'UTC')::date, kind, count(*)
    from pdf_usage_events group by 1, 2, 3, 4`)
  await raw(`
    insert into email_log (id, user_id, business_id, idempotency_key, status, provider,
      from_address, recipients_sealed, recipient_hashes, subject_sealed, document_types, created_at)
    select gen_random_uuid(), u.id, u.business_id, md5(random()::text),
           (array['sent','sent','sent','failed','unknown'])[1 + (i % 5)], 'smtp',
           'bench@clinic.test', 'sealed', '[]'::jsonb, 'sealed', '["assessment"]'::jsonb,
           now() - (random() * interval '365 days')
    from (select business_id, id from users where email like 'bench-%') u,
         generate_series(1, ${Math.ceil(events / 10 / MEMBERS)}) i`)
  await raw(`vacuum analyze`)
  return email
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function measure(
  kind: DbKind,
  database: Database,
  events: number,
  raw: Raw,
): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-bench-analytics-'))
  try {
    await migrateDatabase(database)
    const started = performance.now()
    const email = await seed(raw, events)
    console.log(
      `\n${kind}: seeded ${BUSINESSES} businesses × ${events.toLocaleString('en-US')} events in ${Math.round(performance.now() - started)} ms`,
    )
    const appSecret = randomBytes(48).toString('base64')
    const adminToken = randomBytes(24).toString('hex')
    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        APP_SECRET: appSecret,
        ADMIN_TOKEN: adminToken,
      }),
      appSecret,
      adminToken,
    }
    const logger = createLogger(config)
    const mailer = createSystemMailer(config, logger)
    const app = await buildApp(config, {
      database,
      mailer,
      logger,
      webDistDir: path.join(dataDir, 'no-web'),
      renderPool: noRenderPool,
    })
    await app.ready()
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      })
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`)
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
      const today = new Date()
      const yearAgo = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth() + 1, 1))
      // The floor on this machine: a signed-in call that reads one row (the session guard and the
      // envelope cost the same in every call), so a loaded machine's figures can be read against it.
      const floor: number[] = []
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now()
        await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })
        floor.push(performance.now() - t0)
      }
      floor.sort((a, b) => a - b)
      console.log(`  GET /api/auth/me (request floor): p50 ${percentile(floor, 50).toFixed(1)} ms`)
      let ok = true
      for (const [label, query] of [
        ['6 months (default)', ''],
        ['12 months', `?from=${yearAgo.toISOString().slice(0, 10)}`],
      ] as const) {
        const times: number[] = []
        let pdfs = 0
        for (let i = 0; i < ROUNDS; i++) {
          const t0 = performance.now()
          const res = await app.inject({
            method: 'GET',
            url: `/api/analytics/usage${query}`,
            headers: { cookie },
          })
          times.push(performance.now() - t0)
          if (res.statusCode !== 200) throw new Error(`usage answered ${res.statusCode}`)
          pdfs = res.json<{ data: { totals: { pdfs: number } } }>().data.totals.pdfs
        }
        times.sort((a, b) => a - b)
        const p50 = percentile(times, 50)
        const target = TARGET_P50_MS[kind]
        const pass = target === null || p50 <= target
        ok &&= pass
        console.log(
          `  GET /api/analytics/usage ${label}: ${pdfs.toLocaleString('en-US')} PDFs counted; ` +
            `p50 ${p50.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms` +
            (target === null
              ? ' (no target on PGlite)'
              : ` (target ≤ ${target} ms: ${pass ? 'met' : 'MISSED'})`),
        )
      }
      await printPlan(raw)
      return ok
    } finally {
      await app.close()
      mailer.close()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The plan of the two aggregate scans (the daily PDF rollup, the email log) for the first business. */
async function printPlan(raw: Raw) {
  const { rows } = await raw(`select id from businesses where name = 'Bench practice 1'`)
  const id = quote(String(rows[0]!.id))
  const plans = [
    await raw(`explain select sum(d.count) from pdf_usage_daily d
        where d.business_id = ${id} and d.day >= (now() - interval '12 months')::date
        group by grouping sets ((to_char(d.day, 'YYYY-MM')), (d.kind), (d.user_id))`),
    await raw(`explain select count(*) from email_log l
        where l.business_id = ${id} and l.created_at >= now() - interval '6 months'
        group by date_trunc('week', l.created_at at time zone 'UTC'), l.status`),
  ]
  const scans = plans
    .flatMap((p) => p.rows.map((r) => String(r['QUERY PLAN'])))
    .filter((line) => /Scan/.test(line))
    .map((line) => `    ${line.trim()}`)
  console.log('  query plan scans:')
  console.log(scans.join('\n'))
  if (scans.some((s) => /Seq Scan/.test(s))) console.log('  WARNING: a sequential scan')
}

export async function run(args: string[]) {
  const events = Number(args[0] ?? 100_000)
  const only = args[1] as DbKind | undefined
  let ok = true
  if (only !== 'postgres') {
    const client = await PGlite.create()
    ok = await measure('pglite', fromPglite(client), events, async (text) => {
      const r = await client.query<Record<string, unknown>>(text)
      return { rows: r.rows }
    })
  }
  const base = only === 'pglite' ? undefined : await findPostgres()
  if (only === 'pglite') return void (process.exitCode = ok ? 0 : 1)
  if (!base) {
    console.log('\npostgres: not reachable (TEST_DATABASE_URL or 127.0.0.1:5432), skipped')
  } else {
    const name = `myodocs_bench_analytics_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`create database "${name}"`)
    const url = new URL(base)
    url.pathname = `/${name}`
    const database = openPostgres(url.toString(), { error() {}, warn() {} })
    const seeding = new pg.Client({ connectionString: url.toString() })
    await seeding.connect()
    try {
      ok = (await measure('postgres', database, events, (text) => seeding.query(text))) && ok
    } finally {
      await seeding.end()
      await database.close()
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  }
  if (!ok) process.exitCode = 1
}
