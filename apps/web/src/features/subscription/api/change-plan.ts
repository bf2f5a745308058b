/** POST /api/subscription/change-plan (primary user): immediate, with the prorated amount owed. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  ChangePlanRequest,
  ChangePlanResultSchema,
} from '@myodocs/shared/contracts/subscription'
import { api } from '../../../lib/api-client'
import { authStore } from '../../sessions'
import { subscriptionQuery } from './get-subscription'

export type ChangePlanResult = z.infer<typeof ChangePlanResultSchema>

export const changePlan = (body: ChangePlanRequest) =>
  api.post<ChangePlanResult>('/api/subscription/change-plan', body)

export function useChangePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (result) => {
      queryClient.setQueryData(subscriptionQuery.queryKey, result.subscription)
      // The logo needs professional or premium: the business view reads the plan again.
      void queryClient.invalidateQueries({ queryKey: ['business'] })
      // The signed-in user carries a plan summary too.
      void authStore.revalidate()
    },
  })
}
