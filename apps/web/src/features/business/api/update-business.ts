/** PUT /api/business (primary user): name, address and phone. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { businessCalls } from '@myodocs/shared/api/business'
import type { BusinessProfileUpdate } from '@myodocs/shared/contracts/business'
import { api } from '../../../lib/api-client'
import { authStore } from '../../sessions'
import { businessQuery } from './get-business'

export const updateBusiness = (body: BusinessProfileUpdate) =>
  api.call(businessCalls.update, { body })

export function useUpdateBusiness() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateBusiness,
    onSuccess: (profile) => {
      queryClient.setQueryData(businessQuery.queryKey, profile)
      // The signed-in user carries the business name (the shell shows it).
      void authStore.revalidate()
    },
  })
}
