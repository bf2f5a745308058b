/**
 * `npm run bench -- audit [events-per-business]`: the activity log's first filtered page.
 *
 * On PGlite and on PostgreSQL (a throwaway database created and dropped here), seeds one business
 * with N audit events (100,000 by default) beside 10 other businesses of N events each, in SQL
 * (generate_series), then times the first page of GET /api/audit as the account holder filtered
 * by event, and as a member (own events), through the service the route calls. Prints p50/p95
 * beside the target (≤ 50 ms p50 on PostgreSQL) and the query plans, so index use is visible.
 * Exits 1 when the PostgreSQL target is missed.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { queryRows } from '../../apps/server/src/db/client'
import { openPglite } from '../../apps/server/src/db/pglite'
import { openPostgres } from '../../apps/server/src/db/postgres'
import type { Database } from '../../apps/server/src/db/client'
import { migrateDatabase } from '../../apps/server/src/db/migrate'
import { createLogger } from '../../apps/server/src/lib/logger'
import type { SignedInContext } from '../../apps/server/src/lib/service-context'
import { listAudit } from '../../apps/server/src/modules/audit/service'
import { auditSearchQuery } from '../../apps/server/src/modules/audit/repository'
import { findPostgres } from '../../apps/server/test/find-postgres'

const TARGET_P50_MS = { postgres: 50, pglite: 150 }
const OTHER_BUSINESSES = 10
const RUNS = 40
/** Events the seed cycles through; the filter picks one of them. */
const ACTIONS = [
  'auth.login',
  'auth.logout',
  'document.generated',
  'email.sent',
  'settings.update',
  'business.update',
  'auth.idle_logout',
  'team.invite',
]
const MEMBERS = 5

async function seed(database: Database, businessId: string, actors: string[], n: number) {
  const list = sql.raw(`ARRAY[${actors.map((a) => `'${a}'::uuid`).join(',')}]`)
  const actions = sql.raw(`ARRAY[${ACTIONS.map((a) => `'${a}'`).join(',')}]`)
  await database.db.execute(sql`
    insert into audit_events (business_id, actor_id, action, outcome, ip, user_agent, created_at, details)
    select ${businessId}::uuid, (${list})[1 + g % ${actors.length}], (${actions})[1 + g % ${ACTIONS.length}],
           'success', '127.0.0.1', 'bench', now() - g * interval '37 seconds', jsonb_build_object('n', g)
    from generate_series(1, ${n}) g`)
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn()
  const ms: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await fn()
    ms.push(performance.now() - t0)
  }
  return { p50: pct(ms, 50), p95: pct(ms, 95) }
}

async function benchOne(kind: 'pglite' | 'postgres', database: Database, n: number) {
  await migrateDatabase(database)
  const businessId = randomUUID()
  const actors = Array.from({ length: MEMBERS }, () => randomUUID())
  const t0 = performance.now()
  await seed(database, businessId, actors, n)
  for (let i = 0; i < OTHER_BUSINESSES; i++)
    await seed(database, randomUUID(), [randomUUID(), randomUUID()], n)
  await database.db.execute(sql`analyze audit_events`)
  console.log(
    `  seeded ${(n * (OTHER_BUSINESSES + 1)).toLocaleString('en-US')} events in ${Math.round(performance.now() - t0)} ms`,
  )

  const ctx = (isPrimaryUser: boolean, id: string): SignedInContext => ({
    db: database.db,
    now: () => new Date(),
    log: createLogger({ logLevel: 'silent' }),
    config: {} as SignedInContext['config'],
    mailer: {} as SignedInContext['mailer'],
    origin: { ip: null, userAgent: null },
    actor: {
      id,
      businessId,
      isPrimaryUser,
      sessionId: randomUUID(),
    },
  })
  const cases = [
    {
      name: 'owner, event filter',
      call: () => listAudit(ctx(true, actors[0]!), { event: 'document.generated', limit: 50 }),
      search: { businessId, action: 'document.generated', limit: 51 },
    },
    {
      name: 'member, own events',
      call: () => listAudit(ctx(false, actors[1]!), { limit: 50 }),
      search: { businessId, actorId: actors[1]!, limit: 51 },
    },
  ]
  let ok = true
  for (const c of cases) {
    const r = await time(c.call)
    const target = TARGET_P50_MS[kind]
    const pass = r.p50 <= target
    if (kind === 'postgres' && !pass) ok = false
    console.log(
      `  GET /api/audit (${c.name}): p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms` +
        ` (target p50 ≤ ${target} ms${kind === 'pglite' ? ', indicative' : ''}) ${pass ? 'ok' : 'MISSED'}`,
    )
    const plan = await queryRows<Record<string, string>>(
      database.db,
      sql`explain ${auditSearchQuery(database.db, c.search)}`,
    )
    for (const line of plan.map((row) => Object.values(row)[0]))
      if (/Index|Scan|Sort|Limit/.test(line ?? '')) console.log(`    ${line}`)
  }
  return ok
}

export async function run(args: string[]) {
  const n = Number(args[0] ?? 100_000)
  let ok = true

  console.log('PGlite')
  const dir = mkdtempSync(path.join(tmpdir(), 'myodocs-bench-audit-'))
  const lite = await openPglite(dir)
  try {
    ok = (await benchOne('pglite', lite, n)) && ok
  } finally {
    await lite.close()
    rmSync(dir, { recursive: true, force: true })
  }

  const base = await findPostgres()
  if (!base) {
    console.log('PostgreSQL: not reachable, skipped')
  } else {
    console.log('PostgreSQL')
    const name = `bench_audit_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(base)
    url.pathname = `/${name}`
    const database = openPostgres(url.toString(), console)
    try {
      ok = (await benchOne('postgres', database, n)) && ok
    } finally {
      await database.close()
      await admin.query(`drop database ${name}`)
      await admin.end()
    }
  }
  if (!ok) process.exitCode = 1
}
