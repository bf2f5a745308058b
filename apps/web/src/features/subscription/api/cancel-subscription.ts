/** POST /api/subscription/cancel (primary user): confirmed by typing the business name. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { api } from '../../../lib/api-client'
import { planChanged } from './billing'
import { subscriptionQuery } from './get-subscription'

export const cancelSubscription = (confirmBusinessName: string) =>
  api.post<Subscription>('/api/subscription/cancel', { confirmBusinessName })

export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionQuery.queryKey, subscription)
      planChanged(queryClient)
    },
  })
}
