/** POST /api/providers: adds a provider to the address book (Settings, or a letter's Save). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { providerCalls } from '@myodocs/shared/api/providers'
import type { ProviderInputSchema } from '@myodocs/shared/contracts/providers'
import { api } from '../../../lib/api-client'
import { providersQuery } from './get-providers'

export type ProviderInput = z.input<typeof ProviderInputSchema>

export const createProvider = (body: ProviderInput) => api.call(providerCalls.create, { body })

export function useCreateProvider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProvider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQuery.queryKey }),
  })
}
