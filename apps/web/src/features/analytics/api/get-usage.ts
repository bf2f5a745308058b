/** GET /api/analytics/usage: the plan's use over a range (the caller's own figures for a member). */
import { queryOptions } from '@tanstack/react-query'
import { analyticsCalls } from '@myodocs/shared/api/analytics'
import { api } from '../../../lib/api-client'

export const usageQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['analytics', 'usage', range.from, range.to],
    queryFn: () => api.call(analyticsCalls.usage, { query: { from: range.from, to: range.to } }),
  })
