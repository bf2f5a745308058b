// The subscription feature as other features use it: the plan query, the plan's notifications
// and summary for the shell, the limit modal, the billing toggle of the plan pickers, the
// business-name confirmation, the billing and extra seats (Team tab), and the billing settings tab (loaded on first open).
import { lazyNamed } from '../../lib/lazy-named'

export { subscriptionQuery, useSubscription } from './api/get-subscription'
export { planNotifications, usageAlertIdOf, usageNoticeId } from './plan-notifications'
export { dismissUsageAlert, usageAlertsQuery } from './api/usage-alerts'
export { PlanSummary } from './components/plan-summary'
export { SubscriptionLimitModal } from './components/subscription-limit-modal'
export { BillingToggle } from './components/billing-toggle'
export { ConfirmByNameDialog } from './components/confirm-by-name-dialog'
export { useBilling, useExtraSeats } from './api/billing'

export const BillingSettings = lazyNamed(
  () => import('./components/billing-settings'),
  'BillingSettings',
)
