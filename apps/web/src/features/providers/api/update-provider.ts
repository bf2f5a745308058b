/** PUT /api/providers/{id}: replaces a provider's details (a field left blank is cleared). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { providerCalls } from '@myodocs/shared/api/providers'
import { api } from '../../../lib/api-client'
import type { ProviderInput } from './create-provider'
import { providersQuery } from './get-providers'

export const updateProvider = (id: string, body: ProviderInput) =>
  api.call(providerCalls.update, { params: { id }, body })

export function useUpdateProvider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProviderInput }) => updateProvider(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQuery.queryKey }),
  })
}
