/** DELETE /api/custom-exercises/{id}: answers the remaining library. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CustomExerciseEntry } from '@myodocs/shared/contracts/custom-exercises'
import { api } from '../../../lib/api-client'
import { customExercisesQuery } from './get-custom-exercises'

export const deleteCustomExercise = async (id: string) =>
  (
    await api.delete<{ exercises: CustomExerciseEntry[] }>(
      `/api/custom-exercises/${encodeURIComponent(id)}`,
    )
  ).exercises

export function useDeleteCustomExercise() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCustomExercise,
    onSuccess: (exercises) => queryClient.setQueryData(customExercisesQuery.queryKey, exercises),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customExercisesQuery.queryKey }),
  })
}
