/**
 * GET /api/business (primary user only). A 404 means no profile yet: the
 * query answers null and the form starts empty.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { businessCalls } from '@myodocs/shared/api/business'
import type { BusinessProfile } from '@myodocs/shared/contracts/business'
import { api, ApiError } from '../../../lib/api-client'

export const businessQuery = queryOptions({
  queryKey: ['business'],
  queryFn: async (): Promise<BusinessProfile | null> => {
    try {
      return await api.call(businessCalls.get)
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null
      throw err
    }
  },
})

export const useBusiness = (enabled = true) => useQuery({ ...businessQuery, enabled })
