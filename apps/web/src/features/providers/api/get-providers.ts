/** GET /api/providers: the practice's address book, by name (Settings → Address book, letters). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Provider } from '@myodocs/shared/contracts/providers'
import { providerCalls } from '@myodocs/shared/api/providers'
import { api } from '../../../lib/api-client'

export const providersQuery = queryOptions({
  queryKey: ['providers'],
  queryFn: async (): Promise<Provider[]> => (await api.call(providerCalls.list)).providers,
})

export const useProviders = () => useQuery(providersQuery)
