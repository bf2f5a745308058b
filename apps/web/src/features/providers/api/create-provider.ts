/** POST /api/providers: adds a provider to the address book (Settings, or a letter's Save). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Provider, ProviderInputSchema } from '@myodocs/shared/contracts/providers'
import { api } from '../../../lib/api-client'
import { providersQuery } from './get-providers'

export type ProviderInput = z.input<typeof ProviderInputSchema>

export const createProvider = (body: ProviderInput) => api.post<Provider>('/api/providers', body)

export function useCreateProvider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProvider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQuery.queryKey }),
  })
}
