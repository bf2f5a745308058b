/**
 * POST /api/providers/import: the chosen CSV file's text; all rows or none. A refused file answers
 * 400 with `fields` naming each error as `rows.<row>.<field>` (docs/product/providers.md).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { providerCalls } from '@myodocs/shared/api/providers'
import { api } from '../../../lib/api-client'
import { providersQuery } from './get-providers'

export const importProviders = (csv: string) => api.call(providerCalls.import, { body: { csv } })

export function useImportProviders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importProviders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQuery.queryKey }),
  })
}
