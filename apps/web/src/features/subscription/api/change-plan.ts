/** POST /api/subscription/change-plan (primary user): immediate, with the prorated amount owed. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { subscriptionCalls } from '@myodocs/shared/api/subscription'
import type { ChangePlanRequest } from '@myodocs/shared/contracts/subscription'
import { api } from '../../../lib/api-client'
import { planChanged } from './billing'
import { subscriptionQuery } from './get-subscription'

export const changePlan = (body: ChangePlanRequest) =>
  api.call(subscriptionCalls.changePlan, { body })

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
