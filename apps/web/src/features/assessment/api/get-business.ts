/**
 * GET /api/business (SPEC §7): the business profile, to tell the therapist when the letterhead
 * lacks its name, address or phone (SPEC §3 "Profile complete"). 404 means no profile yet; a
 * member who is not the account holder gets 403 and cannot fix it, so both read as "unknown".
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BusinessProfile } from '@myodocs/shared/contracts/business'
import { api, ApiError } from '../../../lib/api-client'

export type BusinessProfileAnswer =
  { kind: 'profile'; profile: BusinessProfile } | { kind: 'missing' } | { kind: 'not-allowed' }

export const businessQuery = queryOptions({
  queryKey: ['business'],
  queryFn: async (): Promise<BusinessProfileAnswer> => {
    try {
      return { kind: 'profile', profile: await api.get<BusinessProfile>('/api/business') }
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return { kind: 'missing' }
      if (err instanceof ApiError && err.status === 403) return { kind: 'not-allowed' }
      throw err
    }
  },
  staleTime: 60_000,
})

export const useBusiness = () => useQuery(businessQuery)
