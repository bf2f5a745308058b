/**
 * The analytics module's queries. The usage figures are aggregated in SQL, in one statement: the
 * PDFs by month, kind and member (GROUPING SETS over the daily rollup's index range) and the emails
 * by week and status, so no request ever loads the events themselves.
 */
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/client'
import {
  pdfUsageDaily,
  pdfUsageEvents,
  usageAlertDismissals,
  usageAlertEmails,
  usageAlerts,
} from '../../db/schema'

export type UsageRow = {
  src: 'month' | 'kind' | 'member' | 'email'
  key: string | null
  status: string | null
  first_name: string | null
  last_name: string | null
  n: number
}

/**
 * The aggregates of a business (or of one of its users) from `from` (included) to `until`
 * (excluded), both whole UTC days. `userId` null means every member. The PDFs come from the daily
 * rollup (a few thousand rows a year), the emails from the email log.
 */
export function usageAggregates(
  db: Db,
  args: { businessId: string; userId: string | null; from: Date; until: Date },
): Promise<UsageRow[]> {
  const { businessId, userId, from, until } = args
  const fromIso = from.toISOString()
  const untilIso = until.toISOString()
  const fromDay = fromIso.slice(0, 10)
  const untilDay = untilIso.slice(0, 10)
  const ownPdfs = userId === null ? sql`true` : sql`d.user_id = ${userId}`
  const ownEmails = userId === null ? sql`true` : sql`l.user_id = ${userId}`
  return queryRows<UsageRow>(
    db,
    sql`
      with pdfs as (
        select
          case
            when grouping(to_char(d.day, 'YYYY-MM')) = 0 then 'month'
            when grouping(d.kind) = 0 then 'kind'
            else 'member'
          end as src,
          coalesce(to_char(d.day, 'YYYY-MM'), d.kind, d.user_id::text) as key,
          sum(d.count)::int as n
        from pdf_usage_daily d
        where d.business_id = ${businessId}
          and d.day >= ${fromDay}::date
          and d.day < ${untilDay}::date
          and ${ownPdfs}
        group by grouping sets ((to_char(d.day, 'YYYY-MM')), (d.kind), (d.user_id))
      )
      select p.src, p.key, null::text as status, u.first_name, u.last_name, p.n
      from pdfs p
      left join users u on p.src = 'member' and u.id::text = p.key
      union all
      select
        'email',
        to_char(date_trunc('week', l.created_at at time zone 'UTC'), 'YYYY-MM-DD'),
        l.status,
        null,
        null,
        count(*)::int
      from email_log l
      where l.business_id = ${businessId}
        and l.created_at >= ${fromIso}::timestamptz
        and l.created_at < ${untilIso}::timestamptz
        and ${ownEmails}
      group by 2, 3
    `,
  )
}

export type PdfUsageRow = {
  businessId: string
  userId: string | null
  kind: string
  createdAt: Date
}

/** Moves a PDF's day in the rollup by `delta`; runs in the transaction that writes its event. */
async function addToRollup(db: Db, row: PdfUsageRow, delta: 1 | -1) {
  await db
    .insert(pdfUsageDaily)
    .values({
      businessId: row.businessId,
      userId: row.userId,
      kind: row.kind,
      day: row.createdAt.toISOString().slice(0, 10),
      count: delta,
    })
    .onConflictDoUpdate({
      target: [
        pdfUsageDaily.businessId,
        pdfUsageDaily.day,
        pdfUsageDaily.kind,
        pdfUsageDaily.userId,
      ],
      set: { count: sql`${pdfUsageDaily.count} + ${delta}` },
    })
}

/** Records PDFs generated: each event and its day's rollup, in one transaction. */
export async function insertPdfUsageEvents(db: Db, rows: PdfUsageRow[]) {
  await db.transaction(async (tx) => {
    await tx.insert(pdfUsageEvents).values(rows)
    for (const row of rows) await addToRollup(tx, row, 1)
  })
}

/** Records one PDF and its rollup; the caller's transaction (the one taking the count) holds both. */
export async function insertPdfUsageEvent(db: Db, row: PdfUsageRow): Promise<string> {
  const [inserted] = await db
    .insert(pdfUsageEvents)
    .values(row)
    .returning({ id: pdfUsageEvents.id })
  await addToRollup(db, row, 1)
  return inserted!.id
}

/** Takes back one PDF's event and its rollup count (a render that failed). */
export async function deletePdfUsageEvent(db: Db, id: string) {
  const [gone] = await db.delete(pdfUsageEvents).where(eq(pdfUsageEvents.id, id)).returning({
    businessId: pdfUsageEvents.businessId,
    userId: pdfUsageEvents.userId,
    kind: pdfUsageEvents.kind,
    createdAt: pdfUsageEvents.createdAt,
  })
  if (gone) await addToRollup(db, gone, -1)
}

type AlertKey = { businessId: string; scope: string; period: string; threshold: number }

/**
 * Claims one alert's email: the call that inserts the row, or that takes back a row whose email
 * failed or whose `sending` claim is older than `staleBefore` (its process died), with fewer than
 * `maxAttempts` tries, gets its id; every other call gets null.
 */
export async function claimUsageAlert(
  db: Db,
  row: AlertKey & { createdAt: Date },
  options: { maxAttempts: number; staleBefore: Date },
): Promise<string | null> {
  const inserted = await db
    .insert(usageAlerts)
    .values({ ...row, emailStatus: 'sending', emailAttempts: 1, emailClaimedAt: row.createdAt })
    .onConflictDoNothing()
    .returning({ id: usageAlerts.id })
  if (inserted[0]) return inserted[0].id
  const retried = await db
    .update(usageAlerts)
    .set({
      emailStatus: 'sending',
      emailAttempts: sql`${usageAlerts.emailAttempts} + 1`,
      emailClaimedAt: row.createdAt,
    })
    .where(
      and(
        eq(usageAlerts.businessId, row.businessId),
        eq(usageAlerts.scope, row.scope),
        eq(usageAlerts.period, row.period),
        eq(usageAlerts.threshold, row.threshold),
        lt(usageAlerts.emailAttempts, options.maxAttempts),
        or(
          eq(usageAlerts.emailStatus, 'failed'),
          and(
            eq(usageAlerts.emailStatus, 'sending'),
            // Rows claimed before the claim time was kept count from their creation.
            sql`coalesce(${usageAlerts.emailClaimedAt}, ${usageAlerts.createdAt}) < ${options.staleBefore.toISOString()}::timestamptz`,
          ),
        ),
      ),
    )
    .returning({ id: usageAlerts.id })
  return retried[0]?.id ?? null
}

/** The states of an alert's email (`usage_alerts.email_status`). */
type UsageAlertEmailStatus = (typeof usageAlerts.$inferSelect)['emailStatus']

export async function setUsageAlertEmailStatus(
  db: Db,
  id: string,
  emailStatus: Exclude<UsageAlertEmailStatus, 'sending'>,
) {
  await db.update(usageAlerts).set({ emailStatus }).where(eq(usageAlerts.id, id))
}

/**
 * Claims one person's copy of an alert email before it is sent: `claimed` when it is new or its
 * last try failed. A copy found `sending` was in flight when the alert's previous claim died (the
 * caller holds the alert's claim now): it becomes `unknown` and is never sent again.
 */
export async function claimAlertCopy(
  db: Db,
  alertId: string,
  userId: string,
  now: Date,
): Promise<'claimed' | 'sent' | 'unknown'> {
  const claimed = await db
    .insert(usageAlertEmails)
    .values({ alertId, userId, status: 'sending', updatedAt: now })
    .onConflictDoUpdate({
      target: [usageAlertEmails.alertId, usageAlertEmails.userId],
      set: { status: 'sending', updatedAt: now },
      setWhere: eq(usageAlertEmails.status, 'failed'),
    })
    .returning({ alertId: usageAlertEmails.alertId })
  if (claimed[0]) return 'claimed'
  const copy = and(eq(usageAlertEmails.alertId, alertId), eq(usageAlertEmails.userId, userId))
  await db
    .update(usageAlertEmails)
    .set({ status: 'unknown', updatedAt: now })
    .where(and(copy, eq(usageAlertEmails.status, 'sending')))
  const [row] = await db
    .select({ status: usageAlertEmails.status })
    .from(usageAlertEmails)
    .where(copy)
  return row?.status === 'sent' ? 'sent' : 'unknown'
}

export async function setAlertCopyStatus(
  db: Db,
  alertId: string,
  userId: string,
  status: 'sent' | 'failed',
  now: Date,
) {
  await db
    .update(usageAlertEmails)
    .set({ status, updatedAt: now })
    .where(and(eq(usageAlertEmails.alertId, alertId), eq(usageAlertEmails.userId, userId)))
}

/** The alerts of a business's month in the given scopes, with whether `userId` dismissed each. */
export function alertsOf(
  db: Db,
  args: { businessId: string; scopes: string[]; period: string; userId: string },
) {
  return db
    .select({
      id: usageAlerts.id,
      period: usageAlerts.period,
      threshold: usageAlerts.threshold,
      dismissedBy: usageAlertDismissals.userId,
    })
    .from(usageAlerts)
    .leftJoin(
      usageAlertDismissals,
      and(
        eq(usageAlertDismissals.alertId, usageAlerts.id),
        eq(usageAlertDismissals.userId, args.userId),
      ),
    )
    .where(
      and(
        eq(usageAlerts.businessId, args.businessId),
        inArray(usageAlerts.scope, args.scopes),
        eq(usageAlerts.period, args.period),
      ),
    )
    .orderBy(usageAlerts.threshold)
}

/** Remembers a dismissal, once; true when the alert is the business's and in one of `scopes`. */
export async function dismissAlert(
  db: Db,
  args: { alertId: string; businessId: string; scopes: string[]; userId: string },
): Promise<boolean> {
  const [alert] = await db
    .select({ id: usageAlerts.id })
    .from(usageAlerts)
    .where(
      and(
        eq(usageAlerts.id, args.alertId),
        eq(usageAlerts.businessId, args.businessId),
        inArray(usageAlerts.scope, args.scopes),
      ),
    )
  if (!alert) return false
  await db
    .insert(usageAlertDismissals)
    .values({ alertId: alert.id, userId: args.userId })
    .onConflictDoNothing()
  return true
}
