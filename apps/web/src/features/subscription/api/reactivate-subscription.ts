/** POST /api/subscription/reactivate (primary user): undo a cancellation within its 30 days. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { api } from '../../../lib/api-client'
import { planChanged } from './billing'
import { subscriptionQuery } from './get-subscription'

export const reactivateSubscription = () => api.post<Subscription>('/api/subscription/reactivate')

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
