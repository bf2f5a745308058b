/** GET /api/config: the support address and version, cached for the session. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicConfig } from '@myodocs/shared/contracts/health'
import { api } from './api-client'

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => api.get<PublicConfig>('/api/config'),
  staleTime: Infinity,
})

export const usePublicConfig = () => useQuery(publicConfigQuery)
