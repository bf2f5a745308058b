/** GET /api/custom-exercises: the practice library, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { customExerciseCalls } from '@myodocs/shared/api/custom-exercises'
import { api } from '../../../lib/api-client'

export const customExercisesQuery = queryOptions({
  queryKey: ['custom-exercises'],
  queryFn: async () => (await api.call(customExerciseCalls.list)).exercises,
  // Other members may change the library: a minute old at most when a page opens.
  staleTime: 60_000,
})

export const useCustomExercises = () => useQuery(customExercisesQuery)
