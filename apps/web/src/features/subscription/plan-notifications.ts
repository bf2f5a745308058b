/**
 * Which persistent notifications the plan calls for (docs/product/plans.md#plan-notifications; the
 * notification settings decide whether in-app notices and usage alerts show). Pure, so
 * the rules are tested without a browser. An id names its occasion (the trial end, the month, the
 * cancellation), so a dismissed notice stays dismissed for that occasion only.
 */
import type { UsageAlert } from '@myodocs/shared/contracts/analytics'
import type { NotificationSettings } from '@myodocs/shared/contracts/settings'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { formatPdfLimit } from '@myodocs/shared/domain/subscription'
import { CONTACT_ADMINISTRATOR_MESSAGE } from '@myodocs/shared/contracts/subscription'
import {
  accessContinuesUntil,
  CHOOSE_A_PLAN,
  CHOOSE_PLAN_TO_GENERATE,
  PDF_LIMIT_REACHED_TITLE,
  PLAN_CANCELLED,
  PLAN_ENDED,
  pdfLimitReachedMessage,
  REACTIVATE,
  trialEndsMessage,
  trialEndsTitle,
  usageAlertMessage,
  usageAlertTitle,
  VIEW_PLANS,
  YOU_CAN_REACTIVATE_UNTIL_THEN,
} from '@myodocs/shared/constants/plan-messages'
import type { NotificationAction, NotificationInput } from '../../lib/notification-store'

/** A trial this close to its end is announced. */
export const TRIAL_ENDING_DAYS = 7
const USAGE_NOTICE_PREFIX = 'usage-alert:'
/** The notice of a server usage alert: its id names the alert (so the month and threshold). */
export const usageNoticeId = (alertId: string) => `${USAGE_NOTICE_PREFIX}${alertId}`
/** The usage alert a notice stands for, if it is one. */
export const usageAlertIdOf = (noticeId: string) =>
  noticeId.startsWith(USAGE_NOTICE_PREFIX) ? noticeId.slice(USAGE_NOTICE_PREFIX.length) : null

/**
 * The one usage alert to show: the highest threshold the server raised this month that this
 * month's count still reaches under the current limit (an upgrade that raised the limit clears
 * it), unless the user dismissed it (a dismissed limit notice does not bring back the 80 % one).
 */
function shownUsageAlert(alerts: UsageAlert[], s: Subscription): UsageAlert | undefined {
  const unlimited = formatPdfLimit(s.monthlyPdfLimit) === 'Unlimited'
  const reached = (a: UsageAlert) =>
    !unlimited && s.monthlyPdfGenerated * 100 >= a.threshold * s.monthlyPdfLimit
  const highest = alerts
    .filter(reached)
    .reduce<UsageAlert | undefined>(
      (top, a) => (!top || a.threshold > top.threshold ? a : top),
      undefined,
    )
  return highest && !highest.dismissed ? highest : undefined
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })

export function planNotifications(args: {
  subscription: Subscription
  /** This month's usage alerts as the server raised them (GET /api/analytics/alerts). */
  usageAlerts: UsageAlert[]
  settings: Pick<NotificationSettings, 'inAppNotifications' | 'inAppUsageAlerts'>
  isPrimaryUser: boolean
  /** Where the plan page is (the actions lead there). */
  billingPath: string
}): NotificationInput[] {
  const { subscription: s, usageAlerts, settings, isPrimaryUser, billingPath } = args
  if (!settings.inAppNotifications) return []
  const out: NotificationInput[] = []
  const plans: NotificationAction[] = isPrimaryUser ? [{ label: VIEW_PLANS, to: billingPath }] : []
  const ask = isPrimaryUser ? '' : ` ${CONTACT_ADMINISTRATOR_MESSAGE}`

  if (s.status === 'trial' && s.trialEnd && s.daysRemaining <= TRIAL_ENDING_DAYS) {
    const days = s.daysRemaining
    out.push({
      id: `trial-ending:${s.trialEnd.slice(0, 10)}:${days <= 1 ? 'last' : 'soon'}`,
      icon: 'warning',
      title: trialEndsTitle(days),
      message: `${trialEndsMessage(formatDate(s.trialEnd))}${ask}`,
      actions: isPrimaryUser ? [{ label: CHOOSE_A_PLAN, to: billingPath }] : [],
    })
  }
  if (s.status === 'cancelled' && s.accessEndsAt) {
    out.push({
      id: `cancelled:${s.cancelledAt ?? s.accessEndsAt}`,
      icon: 'warning',
      title: PLAN_CANCELLED,
      message: `${accessContinuesUntil(formatDate(s.accessEndsAt))}${isPrimaryUser ? ` ${YOU_CAN_REACTIVATE_UNTIL_THEN}` : ''}`,
      actions: isPrimaryUser ? [{ label: REACTIVATE, to: billingPath }] : [],
    })
  }
  if (s.status === 'expired') {
    out.push({
      id: `expired:${s.trialEnd ?? s.accessEndsAt ?? ''}`,
      icon: 'error',
      title: PLAN_ENDED,
      message: `${CHOOSE_PLAN_TO_GENERATE}${ask}`,
      actions: isPrimaryUser ? [{ label: CHOOSE_A_PLAN, to: billingPath }] : [],
    })
  }
  const alert = settings.inAppUsageAlerts ? shownUsageAlert(usageAlerts, s) : undefined
  if (alert) {
    const limit = formatPdfLimit(s.monthlyPdfLimit)
    out.push(
      alert.threshold >= 100
        ? {
            id: usageNoticeId(alert.id),
            icon: 'error',
            title: PDF_LIMIT_REACHED_TITLE,
            message: `${pdfLimitReachedMessage(s.monthlyPdfGenerated, limit)}${ask}`,
            actions: plans,
          }
        : {
            id: usageNoticeId(alert.id),
            icon: 'warning',
            title: usageAlertTitle(Math.max(alert.threshold, s.usagePercentage)),
            message: usageAlertMessage(s.monthlyPdfGenerated, limit),
            actions: plans,
          },
    )
  }
  return out
}
