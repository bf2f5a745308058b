/** The practice's requirement (GET/PUT /api/business/security). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { twoStepCalls } from '@myodocs/shared/api/two-step'
import type { BusinessSecurity } from '@myodocs/shared/contracts/two-step'
import { api } from '../../../lib/api-client'

export const businessSecurityQuery = queryOptions({
  queryKey: ['business-security'],
  queryFn: () => api.call(twoStepCalls.businessSecurity),
})

export const useBusinessSecurity = () => useQuery(businessSecurityQuery)

export function useSetBusinessSecurity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: BusinessSecurity) => api.call(twoStepCalls.setBusinessSecurity, { body }),
    onSuccess: (data) => client.setQueryData(businessSecurityQuery.queryKey, data),
  })
}
