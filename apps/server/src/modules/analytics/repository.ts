/**
 * The analytics module's queries. The usage figures are aggregated in SQL, in one statement: the
 * PDFs by month, kind and member (GROUPING SETS over one index range scan) and the emails by week
 * and status, so no request ever loads the events themselves.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/client'
import { pdfUsageEvents, usageAlerts } from '../../db/schema'

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
 * (excluded). `userId` null means every member.
 */
export function usageAggregates(
  db: Db,
  args: { businessId: string; userId: string | null; from: Date; until: Date },
): Promise<UsageRow[]> {
  const { businessId, userId, from, until } = args
  const fromIso = from.toISOString()
  const untilIso = until.toISOString()
  const ownPdfs = userId === null ? sql`true` : sql`e.user_id = ${userId}`
  const ownEmails = userId === null ? sql`true` : sql`l.user_id = ${userId}`
  return queryRows<UsageRow>(
    db,
    sql`
      with pdfs as (
        select
          case
            when grouping(date_trunc('month', e.created_at at time zone 'UTC')) = 0 then 'month'
            when grouping(e.kind) = 0 then 'kind'
            else 'member'
          end as src,
          coalesce(
            to_char(date_trunc('month', e.created_at at time zone 'UTC'), 'YYYY-MM'),
            e.kind,
            e.user_id::text
          ) as key,
          count(*)::int as n
        from pdf_usage_events e
        where e.business_id = ${businessId}
          and e.created_at >= ${fromIso}::timestamptz
          and e.created_at < ${untilIso}::timestamptz
          and ${ownPdfs}
        group by grouping sets (
          (date_trunc('month', e.created_at at time zone 'UTC')),
          (e.kind),
          (e.user_id)
        )
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

export async function insertPdfUsageEvent(
  db: Db,
  row: { businessId: string; userId: string; kind: string; createdAt: Date },
): Promise<string> {
  const [inserted] = await db
    .insert(pdfUsageEvents)
    .values(row)
    .returning({ id: pdfUsageEvents.id })
  return inserted!.id
}

export async function deletePdfUsageEvent(db: Db, id: string) {
  await db.delete(pdfUsageEvents).where(eq(pdfUsageEvents.id, id))
}

/** Claims one alert; true only for the one call that inserted it. */
export async function claimUsageAlert(
  db: Db,
  row: { businessId: string; scope: string; period: string; threshold: number; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(usageAlerts)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: usageAlerts.id })
  return inserted.length > 0
}
