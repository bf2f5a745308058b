/** DELETE /api/providers/{id}: the provider leaves the practice's address book. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { providerCalls } from '@myodocs/shared/api/providers'
import { api } from '../../../lib/api-client'
import { providersQuery } from './get-providers'

export const deleteProvider = (id: string) => api.call(providerCalls.remove, { params: { id } })

export function useDeleteProvider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProvider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQuery.queryKey }),
  })
}
