/** POST /api/subscription/change-plan (primary user): immediate, with the prorated amount owed. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  ChangePlanRequest,
  ChangePlanResultSchema,
} from '@myodocs/shared/contracts/subscription'
import { api } from '../../../lib/api-client'
import { planChanged } from './billing'
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
      planChanged(queryClient)
    },
  })
}
