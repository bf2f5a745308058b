/** POST /api/custom-exercises: adds an exercise to the practice library. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  CustomExerciseBody,
  CustomExerciseEntry,
} from '@myodocs/shared/contracts/custom-exercises'
import { api } from '../../../lib/api-client'
import { customExercisesQuery } from './get-custom-exercises'

export const createCustomExercise = async (body: CustomExerciseBody) =>
  (await api.post<{ exercise: CustomExerciseEntry }>('/api/custom-exercises', body)).exercise

export function useCreateCustomExercise() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCustomExercise,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customExercisesQuery.queryKey }),
  })
}
