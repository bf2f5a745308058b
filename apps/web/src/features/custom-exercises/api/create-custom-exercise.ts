/** POST /api/custom-exercises: adds an exercise to the practice library. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { customExerciseCalls } from '@myodocs/shared/api/custom-exercises'
import type { CustomExerciseBody } from '@myodocs/shared/contracts/custom-exercises'
import { api } from '../../../lib/api-client'
import { customExercisesQuery } from './get-custom-exercises'

export const createCustomExercise = async (body: CustomExerciseBody) =>
  (await api.call(customExerciseCalls.create, { body })).exercise

export function useCreateCustomExercise() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCustomExercise,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customExercisesQuery.queryKey }),
  })
}
