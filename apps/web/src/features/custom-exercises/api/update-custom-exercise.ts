/** PUT /api/custom-exercises/{id}: the whole entry again. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { customExerciseCalls } from '@myodocs/shared/api/custom-exercises'
import type { CustomExerciseBody } from '@myodocs/shared/contracts/custom-exercises'
import { api } from '../../../lib/api-client'
import { customExercisesQuery } from './get-custom-exercises'

export const updateCustomExercise = async ({
  id,
  body,
}: {
  id: string
  body: CustomExerciseBody
}) => (await api.call(customExerciseCalls.update, { params: { id }, body })).exercise

export function useUpdateCustomExercise() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCustomExercise,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customExercisesQuery.queryKey }),
  })
}
