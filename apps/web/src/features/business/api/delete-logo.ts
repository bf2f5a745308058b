/** DELETE /api/business/logo (primary user; professional and premium). Answers the profile. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { businessCalls } from '@myodocs/shared/api/business'
import { api } from '../../../lib/api-client'
import { businessQuery } from './get-business'

export const deleteLogo = () => api.call(businessCalls.deleteLogo)

export function useDeleteLogo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: (profile) => queryClient.setQueryData(businessQuery.queryKey, profile),
  })
}
