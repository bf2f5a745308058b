/**
 * Which persistent notifications the plan calls for (SPEC §4 persistent notifications; the
 * notification settings of SPEC §3 decide whether in-app notices and usage alerts show). Pure, so
 * the rules are tested without a browser. An id names its occasion (the trial end, the month, the
 * cancellation), so a dismissed notice stays dismissed for that occasion only.
 */
import type { NotificationSettings } from '@myodocs/shared/contracts/settings'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { formatPdfLimit, usagePeriod } from '@myodocs/shared/domain/subscription'
import { CONTACT_ADMINISTRATOR_MESSAGE } from '@myodocs/shared/contracts/subscription'
import type { NotificationAction, NotificationInput } from '../../lib/notification-store'

/** A trial this close to its end is announced. */
export const TRIAL_ENDING_DAYS = 7
/** Usage at or above this share of the limit is announced. */
export const USAGE_ALERT_PERCENT = 80

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })

export function planNotifications(args: {
  subscription: Subscription
  settings: Pick<NotificationSettings, 'inAppNotifications' | 'inAppUsageAlerts'>
  isPrimaryUser: boolean
  /** Where the plan page is (the actions lead there). */
  billingPath: string
  now: Date
}): NotificationInput[] {
  const { subscription: s, settings, isPrimaryUser, billingPath, now } = args
  if (!settings.inAppNotifications) return []
  const out: NotificationInput[] = []
  const plans: NotificationAction[] = isPrimaryUser
    ? [{ label: 'View plans', to: billingPath }]
    : []
  const ask = isPrimaryUser ? '' : ` ${CONTACT_ADMINISTRATOR_MESSAGE}`

  if (s.status === 'trial' && s.trialEnd && s.daysRemaining <= TRIAL_ENDING_DAYS) {
    const days = s.daysRemaining
    out.push({
      id: `trial-ending:${s.trialEnd.slice(0, 10)}:${days <= 1 ? 'last' : 'soon'}`,
      icon: 'warning',
      title: days <= 1 ? 'Your free trial ends today' : `Your free trial ends in ${days} days`,
      message: `It ends on ${formatDate(s.trialEnd)}. Choose a plan to keep generating documents without interruption.${ask}`,
      actions: isPrimaryUser ? [{ label: 'Choose a plan', to: billingPath }] : [],
    })
  }
  if (s.status === 'cancelled' && s.accessEndsAt) {
    out.push({
      id: `cancelled:${s.cancelledAt ?? s.accessEndsAt}`,
      icon: 'warning',
      title: 'Your plan is cancelled',
      message: `Your access continues until ${formatDate(s.accessEndsAt)}.${isPrimaryUser ? ' You can reactivate it until then.' : ''}`,
      actions: isPrimaryUser ? [{ label: 'Reactivate', to: billingPath }] : [],
    })
  }
  if (s.status === 'expired') {
    out.push({
      id: `expired:${s.trialEnd ?? s.accessEndsAt ?? ''}`,
      icon: 'error',
      title: 'Your plan has ended',
      message: `Choose a plan to generate documents again.${ask}`,
      actions: isPrimaryUser ? [{ label: 'Choose a plan', to: billingPath }] : [],
    })
  }
  if (settings.inAppUsageAlerts && s.usagePercentage >= USAGE_ALERT_PERCENT) {
    const month = usagePeriod(now)
    const limit = formatPdfLimit(s.monthlyPdfLimit)
    out.push(
      s.usagePercentage >= 100
        ? {
            id: `usage-limit:${month}`,
            icon: 'error',
            title: 'Monthly PDF limit reached',
            message: `You have generated ${s.monthlyPdfGenerated} of ${limit} PDFs this month. Your limit resets at the start of next month.${ask}`,
            actions: plans,
          }
        : {
            id: `usage-alert:${month}`,
            icon: 'warning',
            title: `You have used ${s.usagePercentage}% of this month’s PDFs`,
            message: `${s.monthlyPdfGenerated} of ${limit} PDFs generated. Your limit resets at the start of next month.`,
            actions: plans,
          },
    )
  }
  return out
}
