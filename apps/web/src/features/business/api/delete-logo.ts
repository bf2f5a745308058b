/** DELETE /api/business/logo (primary user; professional and premium). Answers the profile. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BusinessProfile } from '@myodocs/shared/contracts/business'
import { api } from '../../../lib/api-client'
import { businessQuery } from './get-business'

export const deleteLogo = () => api.delete<BusinessProfile>('/api/business/logo')

export function useDeleteLogo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: (profile) => queryClient.setQueryData(businessQuery.queryKey, profile),
  })
}
