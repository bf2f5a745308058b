/**
 * Usage analytics (docs/product/analytics.md): every PDF generated is recorded (who, which kind,
 * when; never what it says), the Analytics page reads the aggregates, and the month's use of the
 * PDF limit raises a usage alert at 80 % and at 100 %, once per month and threshold.
 */
import { pdfAllowanceScope, UNLIMITED_PDF_LIMIT } from '@myodocs/shared/constants/plans'
import {
  analyticsRange,
  USAGE_ALERT_NOT_FOUND,
  USAGE_ALERT_THRESHOLDS,
} from '@myodocs/shared/contracts/analytics'
import type {
  AnalyticsUsage,
  AnalyticsUsageQuery,
  UsageAlerts,
} from '@myodocs/shared/contracts/analytics'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { SUBSCRIPTION_NOT_FOUND } from '@myodocs/shared/contracts/subscription'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { usageAlertEmail } from '../../email/templates/usage-alert'
import { notFound } from '../../lib/errors'
import type { SignedInContext } from '../../lib/service-context'
import { accountHolders } from '../profile'
import { settingsOf } from '../settings'
import { findSubscription } from '../subscription'
import {
  alertsOf,
  claimAlertCopy,
  claimUsageAlert,
  deletePdfUsageEvent,
  dismissAlert,
  insertPdfUsageEvent,
  setAlertCopyStatus,
  setUsageAlertEmailStatus,
  usageAggregates,
} from './repository'

const DAY_MS = 86_400_000

/** Every `YYYY-MM` from the month of `from` to the month of `to`. */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = []
  let y = Number(from.slice(0, 4))
  let m = Number(from.slice(5, 7))
  const end = to.slice(0, 7)
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`
    out.push(month)
    if (month >= end) return out
    m += 1
    if (m > 12) {
      m = 1
      y += 1
    }
  }
}

const byCountThenName =
  <T extends { count: number }>(key: (t: T) => string) =>
  (a: T, b: T) =>
    b.count - a.count || key(a).localeCompare(key(b))

/** GET /analytics/usage: the business's figures for its primary user, a member's own otherwise. */
export async function usageAnalytics(
  ctx: SignedInContext,
  query: AnalyticsUsageQuery,
): Promise<AnalyticsUsage> {
  const { actor } = ctx
  const now = ctx.now()
  const { from, to } = analyticsRange(query, now)
  const scope = actor.isPrimaryUser ? 'business' : 'self'
  const [subscription, rows] = await Promise.all([
    findSubscription(ctx),
    usageAggregates(ctx.db, {
      businessId: actor.businessId,
      userId: scope === 'self' ? actor.id : null,
      from: new Date(`${from}T00:00:00Z`),
      until: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
    }),
  ])
  if (!subscription) throw notFound(SUBSCRIPTION_NOT_FOUND)

  const months = new Map(monthsBetween(from, to).map((m) => [m, 0]))
  const kinds: AnalyticsUsage['pdfsByKind'] = []
  const members: AnalyticsUsage['pdfsByMember'] = []
  const weeks = new Map<string, AnalyticsUsage['emailsByWeek'][number]>()
  let emails = 0
  for (const r of rows) {
    if (r.src === 'month') months.set(r.key!, r.n)
    else if (r.src === 'kind') kinds.push({ kind: r.key as DocumentKind, count: r.n })
    else if (r.src === 'member') {
      const name = r.key === null ? 'Former member' : `${r.first_name ?? ''} ${r.last_name ?? ''}`
      members.push({ userId: r.key, name: name.trim(), count: r.n })
    } else {
      const week = weeks.get(r.key!) ?? {
        weekStart: r.key!,
        sent: 0,
        failed: 0,
        unknown: 0,
        sending: 0,
      }
      const status = r.status as 'sent' | 'failed' | 'unknown' | 'sending'
      week[status] += r.n
      emails += r.n
      weeks.set(r.key!, week)
    }
  }
  const pdfsByMonth = [...months].map(([month, count]) => ({ month, count }))
  const limit = subscription.monthlyPdfLimit
  return {
    from,
    to,
    scope,
    plan: {
      planType: subscription.planType,
      status: subscription.status,
      monthlyPdfLimit: limit >= UNLIMITED_PDF_LIMIT ? null : limit,
      limitPer: pdfAllowanceScope(subscription.planType),
      trialEnd: subscription.trialEnd,
      trialDaysRemaining: subscription.status === 'trial' ? subscription.daysRemaining : null,
    },
    pdfsByMonth,
    pdfsByKind: kinds.sort(byCountThenName((k) => k.kind)),
    pdfsByMember: members.sort(byCountThenName((m) => m.name)),
    emailsByWeek: [...weeks.values()].sort((a, b) => a.weekStart.localeCompare(b.weekStart)),
    totals: { pdfs: pdfsByMonth.reduce((sum, m) => sum + m.count, 0), emails },
  }
}

/**
 * Records one PDF taken from the caller's allowance. Called inside the transaction that takes it
 * (`ctx.db` is that transaction), so a count never exists without its event, even when the
 * process dies mid-render; the id lets a failed render give both back.
 */
export async function recordPdfTaken(ctx: SignedInContext, kind: DocumentKind): Promise<string> {
  return insertPdfUsageEvent(ctx.db, {
    businessId: ctx.actor.businessId,
    userId: ctx.actor.id,
    kind,
    createdAt: ctx.now(),
  })
}

/** Removes the event of a PDF given back (in the transaction that returns the count). */
export async function forgetPdfTaken(ctx: SignedInContext, eventId: string): Promise<void> {
  await deletePdfUsageEvent(ctx.db, eventId)
}

/**
 * Once a PDF is rendered, raises the usage alerts its count crossed. A failure here is logged and
 * never fails the document.
 */
export async function raisePdfUsageAlerts(ctx: SignedInContext): Promise<void> {
  try {
    await raiseUsageAlerts(ctx, ctx.now())
  } catch (err) {
    ctx.log.warn({ err: { message: (err as Error).message } }, 'usage alert failed')
  }
}

/** A failed alert email is tried again at most this many times in all, within its month. */
export const USAGE_ALERT_EMAIL_ATTEMPTS = 5

/**
 * An alert still `sending` this long after it was claimed cannot still be in flight (the system
 * mailer gives up on a message within a minute): its process died, and the next claim takes it over.
 */
export const USAGE_ALERT_STALE_SENDING_MS = 15 * 60_000

/** The scopes of alerts the caller sees: the business's, and their own on a per-user allowance. */
const alertScopes = (ctx: SignedInContext) => ['business', ctx.actor.id]

/**
 * Claims each threshold the month's count has reached (a unique row, so of concurrent renders
 * exactly one wins) and emails the primary users whose settings ask for usage alerts. An email
 * that failed is claimed again (a conditional update, so again by one call only) by the next
 * render or the next read of the alerts, until it is sent or its attempts run out; so is one
 * left `sending` past `USAGE_ALERT_STALE_SENDING_MS` by a process that died.
 */
async function raiseUsageAlerts(ctx: SignedInContext, now: Date): Promise<void> {
  const s = await findSubscription(ctx)
  if (!s || s.monthlyPdfLimit >= UNLIMITED_PDF_LIMIT || s.monthlyPdfLimit <= 0) return
  const perUser = pdfAllowanceScope(s.planType) === 'user'
  const used = s.monthlyPdfGenerated
  const period = usagePeriod(now)
  for (const threshold of USAGE_ALERT_THRESHOLDS) {
    if (used * 100 < threshold * s.monthlyPdfLimit) continue
    const alertId = await claimUsageAlert(
      ctx.db,
      {
        businessId: ctx.actor.businessId,
        scope: perUser ? ctx.actor.id : 'business',
        period,
        threshold,
        createdAt: now,
      },
      {
        maxAttempts: USAGE_ALERT_EMAIL_ATTEMPTS,
        staleBefore: new Date(now.getTime() - USAGE_ALERT_STALE_SENDING_MS),
      },
    )
    if (!alertId) continue
    const status = await emailUsageAlert(ctx, alertId, {
      threshold,
      used,
      limit: s.monthlyPdfLimit,
      perUser,
    }).catch((err: unknown) => {
      ctx.log.warn({ err: { message: (err as Error).message } }, 'usage alert email failed')
      return 'failed' as const
    })
    await setUsageAlertEmailStatus(ctx.db, alertId, status)
  }
}

/**
 * Emails the alert to each primary user who asks for it and has no copy yet: each copy is
 * claimed before it is sent, so a retry after one failed copy reaches only those still missing.
 * `failed` when a copy failed (tried again later), `unknown` when one may have gone out before
 * its process died, `none` when nobody asks for usage alert emails.
 */
async function emailUsageAlert(
  ctx: SignedInContext,
  alertId: string,
  a: { threshold: number; used: number; limit: number; perUser: boolean },
): Promise<'sent' | 'failed' | 'unknown' | 'none'> {
  const copies: Array<'sent' | 'failed' | 'unknown'> = []
  for (const holder of await accountHolders(ctx, ctx.actor.businessId)) {
    const { emailNotifications, usageAlerts } = await settingsOf(ctx, holder, 'notifications')
    if (!emailNotifications || !usageAlerts) continue
    const claim = await claimAlertCopy(ctx.db, alertId, holder.id, ctx.now())
    if (claim !== 'claimed') {
      copies.push(claim)
      continue
    }
    const whose = !a.perUser
      ? 'Your practice'
      : holder.id === ctx.actor.id
        ? 'You'
        : 'A team member'
    try {
      await ctx.mailer.send({
        ...usageAlertEmail({
          firstName: holder.firstName,
          threshold: a.threshold,
          generated: a.used,
          limit: a.limit,
          whose,
          url: `${ctx.config.publicUrl}/app/analytics`,
        }),
        to: { name: holder.firstName, address: holder.email },
      })
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message } }, 'usage alert email failed')
      await setAlertCopyStatus(ctx.db, alertId, holder.id, 'failed', ctx.now())
      copies.push('failed')
      continue
    }
    await setAlertCopyStatus(ctx.db, alertId, holder.id, 'sent', ctx.now())
    copies.push('sent')
  }
  if (copies.includes('failed')) return 'failed'
  if (copies.includes('unknown')) return 'unknown'
  return copies.length > 0 ? 'sent' : 'none'
}

/**
 * GET /analytics/alerts: this month's usage alerts for the caller, with their dismissals. Reading
 * them also raises any threshold reached and retries a failed alert email, so an alert at 100 %
 * (after which no render succeeds) still gets its email once the mailer is back.
 */
export async function usageAlertsFor(ctx: SignedInContext): Promise<UsageAlerts> {
  const now = ctx.now()
  await raiseUsageAlerts(ctx, now).catch((err: unknown) =>
    ctx.log.warn({ err: { message: (err as Error).message } }, 'usage alerts raise failed'),
  )
  const rows = await alertsOf(ctx.db, {
    businessId: ctx.actor.businessId,
    scopes: alertScopes(ctx),
    period: usagePeriod(now),
    userId: ctx.actor.id,
  })
  return {
    alerts: rows.map((r) => ({
      id: r.id,
      period: r.period,
      threshold: r.threshold,
      dismissed: r.dismissedBy !== null,
    })),
  }
}

/** POST /analytics/alerts/:alertId/dismiss: remembered for the caller on every device. */
export async function dismissUsageAlert(ctx: SignedInContext, alertId: string): Promise<void> {
  const found = await dismissAlert(ctx.db, {
    alertId,
    businessId: ctx.actor.businessId,
    scopes: alertScopes(ctx),
    userId: ctx.actor.id,
  })
  if (!found) throw notFound(USAGE_ALERT_NOT_FOUND)
}
