/** DELETE /api/custom-exercises/{id}: answers the remaining library. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { customExerciseCalls } from '@myodocs/shared/api/custom-exercises'
import { api } from '../../../lib/api-client'
import { customExercisesQuery } from './get-custom-exercises'

export const deleteCustomExercise = async (id: string) =>
  (await api.call(customExerciseCalls.remove, { params: { id } })).exercises

export function useDeleteCustomExercise() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCustomExercise,
    onSuccess: (exercises) => queryClient.setQueryData(customExercisesQuery.queryKey, exercises),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customExercisesQuery.queryKey }),
  })
}
