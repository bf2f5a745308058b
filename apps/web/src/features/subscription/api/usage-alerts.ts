/**
 * GET /api/analytics/alerts: this month's usage alerts the server raised, with the caller's
 * dismissals; POST …/dismiss remembers one on every device. Under the subscription's key, so
 * whatever refreshes the plan's usage (a PDF generated) refreshes the alerts too.
 */
import { queryOptions } from '@tanstack/react-query'
import type { UsageAlerts } from '@myodocs/shared/contracts/analytics'
import { api } from '../../../lib/api-client'

export const usageAlertsQuery = queryOptions({
  queryKey: ['subscription', 'usage-alerts'],
  queryFn: () => api.get<UsageAlerts>('/api/analytics/alerts'),
})

export const dismissUsageAlert = (alertId: string) =>
  api.post<{ alertId: string }>(`/api/analytics/alerts/${encodeURIComponent(alertId)}/dismiss`, {})
