/**
 * Retention (docs/product/privacy.md#retention): audit events are kept six years, email log rows one
 * year, then deleted in batches by a job every six hours. Several instances may share one
 * PostgreSQL: the job runs under an advisory lock, so one instance prunes at a time and the next
 * finds nothing left to do. On PGlite the same lock serialises in memory.
 */
import {
  AUDIT_RETENTION_YEARS,
  EMAIL_LOG_RETENTION_YEARS,
  RETENTION_INTERVAL_MS,
} from '@myodocs/shared/constants/retention'
import type { Database, Db } from '../../db/client'
import type { Log } from '../../lib/service-context'
import { deleteAuditEventsBefore, deleteEmailLogBefore } from './repository'

/** The advisory lock key of the job (any constant no other job uses). */
const RETENTION_LOCK_KEY = 0x7e7e_0014
const BATCH = 5_000
/** The first run waits a little, so a starting instance serves requests first. */
const FIRST_RUN_DELAY_MS = 60_000

const yearsBefore = (now: Date, years: number) => {
  const d = new Date(now)
  d.setUTCFullYear(d.getUTCFullYear() - years)
  return d
}

async function drain(db: Db, remove: (db: Db) => Promise<number>) {
  let total = 0
  for (;;) {
    const gone = await remove(db)
    total += gone
    if (gone < BATCH) return total
  }
}

export type PruneResult = { auditEvents: number; emailLog: number }

/** Deletes every record past its retention period at `now`; answers how many of each went. */
export async function pruneExpired(database: Database, now: Date): Promise<PruneResult> {
  const auditCutoff = yearsBefore(now, AUDIT_RETENTION_YEARS)
  const emailCutoff = yearsBefore(now, EMAIL_LOG_RETENTION_YEARS)
  return database.withAdvisoryLock(RETENTION_LOCK_KEY, async (db) => ({
    auditEvents: await drain(db, (d) => deleteAuditEventsBefore(d, auditCutoff, BATCH)),
    emailLog: await drain(db, (d) => deleteEmailLogBefore(d, emailCutoff, BATCH)),
  }))
}

/** When the job runs: the first time a minute after start, then every six hours. */
const SCHEDULE = { firstRunMs: FIRST_RUN_DELAY_MS, everyMs: RETENTION_INTERVAL_MS }

/**
 * Starts the job on `schedule` (tests pass a shorter one). Returns `stop`, which resolves once a
 * run under way has finished. A failed run is logged and tried again at the next tick.
 */
export function scheduleRetention(
  database: Database,
  now: () => Date,
  log: Log,
  schedule = SCHEDULE,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve()
  const run = () => {
    running = pruneExpired(database, now())
      .then((r) => {
        if (r.auditEvents + r.emailLog > 0) log.info(r, 'retention: expired records deleted')
      })
      .catch((err: unknown) =>
        log.error({ err: { message: (err as Error).message } }, 'retention run failed'),
      )
  }
  let interval: NodeJS.Timeout | undefined
  const first = setTimeout(() => {
    run()
    interval = setInterval(run, schedule.everyMs)
    interval.unref()
  }, schedule.firstRunMs)
  first.unref()
  // A closing app waits for a run under way before it closes the database.
  return () => {
    clearTimeout(first)
    clearInterval(interval)
    return running
  }
}
