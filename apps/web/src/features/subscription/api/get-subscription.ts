/**
 * GET /api/subscription: the plan, status, this month's PDFs and limit,
 * trial days left. Loaded when /app starts; a failure is tolerated (the shell falls back to the
 * user's own summary). Every view of the plan reads this one query.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { subscriptionCalls } from '@myodocs/shared/api/subscription'
import { api } from '../../../lib/api-client'

export const subscriptionQuery = queryOptions({
  queryKey: ['subscription'],
  queryFn: () => api.call(subscriptionCalls.get),
})

export const useSubscription = () => useQuery(subscriptionQuery)
