/**
 * GET /api/analytics/alerts: this month's usage alerts the server raised, with the caller's
 * dismissals; POST …/dismiss remembers one on every device. Under the subscription's key, so
 * whatever refreshes the plan's usage (a PDF generated) refreshes the alerts too.
 */
import { queryOptions } from '@tanstack/react-query'
import { analyticsCalls } from '@myodocs/shared/api/analytics'
import { api } from '../../../lib/api-client'

export const usageAlertsQuery = queryOptions({
  queryKey: ['subscription', 'usage-alerts'],
  queryFn: () => api.call(analyticsCalls.alerts),
})

export const dismissUsageAlert = (alertId: string) =>
  api.call(analyticsCalls.dismissAlert, { params: { alertId } })
