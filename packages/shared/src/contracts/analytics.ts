/** GET /analytics/usage: the plan's use over a date range (docs/product/analytics.md). */
import { z } from 'zod'
import { DOCUMENT_KINDS } from './document-registry'
import { PLAN_TYPES } from '../constants/plans'
import { SUBSCRIPTION_STATUSES } from '../domain/subscription'

/** The longest range one request may ask for (two years and a day). */
export const ANALYTICS_MAX_RANGE_DAYS = 732
/** Without `from`, the range starts on the first day of the month this many months back. */
export const ANALYTICS_DEFAULT_MONTHS = 6
/** Usage alerts fire when the month's PDFs reach these shares of the limit, in per cent. */
export const USAGE_ALERT_THRESHOLDS = [80, 100] as const

export const ANALYTICS_RANGE_INVALID = 'The start date must be on or before the end date.'
export const analyticsRangeTooLong = `Choose a range of at most ${ANALYTICS_MAX_RANGE_DAYS} days.`

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Use a real date.',
  )

const DAY_MS = 86_400_000

/** `from` and `to` are UTC days, both included; either may be left out (see the defaults). */
export const AnalyticsUsageQuerySchema = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return
    const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_RANGE_INVALID })
    else if (days >= ANALYTICS_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: analyticsRangeTooLong })
  })
export type AnalyticsUsageQuery = z.infer<typeof AnalyticsUsageQuerySchema>

/** The range a query means as of `now`: `to` defaults to today, `from` to the default months back. */
export function analyticsRange(q: AnalyticsUsageQuery, now: Date): { from: string; to: string } {
  const to = q.to ?? now.toISOString().slice(0, 10)
  if (q.from) return { from: q.from, to }
  const end = new Date(`${to}T00:00:00Z`)
  const start = new Date(
    Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (ANALYTICS_DEFAULT_MONTHS - 1), 1),
  )
  return { from: start.toISOString().slice(0, 10), to }
}

const count = z.number().int().nonnegative()

export const AnalyticsUsageSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** `business`: every member's figures (the primary user); `self`: the caller's own (a member). */
  scope: z.enum(['business', 'self']),
  plan: z.object({
    planType: z.enum(PLAN_TYPES),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** PDFs a month, or null when unlimited. */
    monthlyPdfLimit: z.number().int().nullable(),
    /** Whom the limit counts: the whole business, or each user on their own. */
    limitPer: z.enum(['business', 'user']),
    trialEnd: z.string().nullable(),
    /** Whole days left in the trial; null when not on trial. */
    trialDaysRemaining: z.number().int().nullable(),
  }),
  /** Every month of the range, oldest first, months without PDFs included as 0. */
  pdfsByMonth: z.array(z.object({ month: z.string(), count })),
  /** Each kind generated in the range, most first. */
  pdfsByKind: z.array(z.object({ kind: z.enum(DOCUMENT_KINDS), count })),
  /** Each team member who generated PDFs in the range, most first; null for a deleted account. */
  pdfsByMember: z.array(z.object({ userId: z.string().nullable(), name: z.string(), count })),
  /** Each week (starting Monday, UTC) with email sends, oldest first, by status. */
  emailsByWeek: z.array(
    z.object({ weekStart: z.string(), sent: count, failed: count, unknown: count, sending: count }),
  ),
  totals: z.object({ pdfs: count, emails: count }),
})
export type AnalyticsUsage = z.infer<typeof AnalyticsUsageSchema>

/**
 * GET /analytics/alerts: the usage alerts the server has raised this month (UTC) for the caller —
 * the business's, and on a per-user allowance the caller's own — each with whether the caller
 * dismissed it. The app shows the highest one not dismissed when `inAppUsageAlerts` is on.
 */
export const UsageAlertSchema = z.object({
  id: z.uuid(),
  /** `YYYY-MM` (UTC). */
  period: z.string(),
  threshold: z.number().int(),
  dismissed: z.boolean(),
})
export type UsageAlert = z.infer<typeof UsageAlertSchema>
export const UsageAlertsSchema = z.object({ alerts: z.array(UsageAlertSchema) })
export type UsageAlerts = z.infer<typeof UsageAlertsSchema>

/** POST /analytics/alerts/:alertId/dismiss: the alert stays dismissed for this user. */
export const UsageAlertParamsSchema = z.object({ alertId: z.uuid({ error: 'Unknown alert' }) })
export const USAGE_ALERT_NOT_FOUND = 'This alert no longer exists.'
