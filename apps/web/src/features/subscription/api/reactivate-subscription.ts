/** POST /api/subscription/reactivate (primary user): undo a cancellation within its 30 days. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { subscriptionCalls } from '@myodocs/shared/api/subscription'
import { api } from '../../../lib/api-client'
import { planChanged } from './billing'
import { subscriptionQuery } from './get-subscription'

export const reactivateSubscription = () => api.call(subscriptionCalls.reactivate, { body: {} })

export function useReactivateSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionQuery.queryKey, subscription)
      planChanged(queryClient)
    },
  })
}
