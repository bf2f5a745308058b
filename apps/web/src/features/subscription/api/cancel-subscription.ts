/** POST /api/subscription/cancel (primary user): confirmed by typing the business name. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { subscriptionCalls } from '@myodocs/shared/api/subscription'
import { api } from '../../../lib/api-client'
import { planChanged } from './billing'
import { subscriptionQuery } from './get-subscription'

export const cancelSubscription = (confirmBusinessName: string) =>
  api.call(subscriptionCalls.cancel, { body: { confirmBusinessName } })

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
