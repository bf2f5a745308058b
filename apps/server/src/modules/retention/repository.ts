/**
 * The retention job's deletes: Drizzle queries only. Each deletes one batch of the oldest rows
 * so a large backlog never holds a long transaction or lock.
 */
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditEvents, emailLog } from '../../db/schema'

/** Deletes up to `batch` audit events older than `before`; answers how many went. */
export async function deleteAuditEventsBefore(db: Db, before: Date, batch: number) {
  const t = auditEvents
  const old = db.select({ id: t.id }).from(t).where(lt(t.at, before)).limit(batch)
  const gone = await db
    .delete(t)
    .where(sql`${t.id} in ${old}`)
    .returning({ id: t.id })
  return gone.length
}

/** Deletes up to `batch` email log rows created before `before`; answers how many went. */
export async function deleteEmailLogBefore(db: Db, before: Date, batch: number) {
  const t = emailLog
  const old = db.select({ id: t.id }).from(t).where(lt(t.createdAt, before)).limit(batch)
  const gone = await db
    .delete(t)
    .where(sql`${t.id} in ${old}`)
    .returning({ id: t.id })
  return gone.length
}
