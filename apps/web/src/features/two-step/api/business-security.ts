/** The practice's requirement (GET/PUT /api/business/security). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BusinessSecurity } from '@myodocs/shared/contracts/two-step'
import { api } from '../../../lib/api-client'

export const businessSecurityQuery = queryOptions({
  queryKey: ['business-security'],
  queryFn: () => api.get<BusinessSecurity>('/api/business/security'),
})

export const useBusinessSecurity = () => useQuery(businessSecurityQuery)

export function useSetBusinessSecurity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: BusinessSecurity) =>
      api.put<BusinessSecurity>('/api/business/security', body),
    onSuccess: (data) => client.setQueryData(businessSecurityQuery.queryKey, data),
  })
}
