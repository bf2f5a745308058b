/**
 * GET /api/business (SPEC §7), to tell the therapist when the letterhead lacks its name, address
 * or phone (SPEC §3 "Profile complete"). A 404 means no profile yet: the query answers null. A
 * member who is not the account holder gets 403 (SPEC §6) and cannot fix it: the page says
 * nothing then.
 *
 * Same key and shape as the shell's features/business/api/get-business.ts (helper/shell), so the
 * two share one cache entry; once both are merged this file can give way to that one.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BusinessProfile } from '@myodocs/shared/contracts/business'
import { api, ApiError } from '../../../lib/api-client'

export const businessQuery = queryOptions({
  queryKey: ['business'],
  queryFn: async (): Promise<BusinessProfile | null> => {
    try {
      return await api.get<BusinessProfile>('/api/business')
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null
      throw err
    }
  },
})

export const useBusiness = (enabled = true) => useQuery({ ...businessQuery, enabled })
