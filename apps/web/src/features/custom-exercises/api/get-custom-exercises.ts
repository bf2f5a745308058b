/** GET /api/custom-exercises: the practice library, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CustomExerciseEntry } from '@myodocs/shared/contracts/custom-exercises'
import { api } from '../../../lib/api-client'

export const customExercisesQuery = queryOptions({
  queryKey: ['custom-exercises'],
  queryFn: async () =>
    (await api.get<{ exercises: CustomExerciseEntry[] }>('/api/custom-exercises')).exercises,
  // Other members may change the library: a minute old at most when a page opens.
  staleTime: 60_000,
})

export const useCustomExercises = () => useQuery(customExercisesQuery)
