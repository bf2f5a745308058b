/**
 * Billing through Stripe (account holder; docs/product/plans.md#billing): GET /api/billing (plan as
 * paid for, card, invoices, seats), Checkout and the customer portal (POST …/checkout, …/portal →
 * a Stripe page the browser is sent to), and extra seats (POST …/seats).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { billingCalls } from '@myodocs/shared/api/billing'
import type { CheckoutRequest } from '@myodocs/shared/contracts/billing'
import { api } from '../../../lib/api-client'
import { authStore } from '../../sessions'
import { subscriptionQuery } from './get-subscription'

const INVOICE_REREAD_MS = [2_000, 6_000]

export const billingQuery = queryOptions({
  queryKey: ['billing'],
  queryFn: () => api.call(billingCalls.get),
})

/**
 * Back from Checkout, Stripe's webhook may land a moment after the browser: the billing is read
 * again every 2 seconds until it shows the subscription (at most a minute).
 */
export function useBilling(enabled: boolean, awaitingCheckout = false) {
  return useQuery({
    ...billingQuery,
    enabled,
    refetchInterval: (q) =>
      awaitingCheckout && !q.state.data?.subscribed && q.state.dataUpdateCount < 30 ? 2000 : false,
  })
}

/**
 * Everything that shows the plan reads it again (the sidebar, the user's summary, the logo); the
 * invoices again 2 and 6 seconds later, as Stripe's invoice webhook may land after the answer.
 */
export function planChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: billingQuery.queryKey })
  for (const ms of INVOICE_REREAD_MS)
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: billingQuery.queryKey }), ms)
  void queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey })
  void queryClient.invalidateQueries({ queryKey: ['business'] })
  void queryClient.invalidateQueries({ queryKey: ['team'] })
  void authStore.revalidate()
}

/** The browser leaves for Stripe's page (Checkout or the portal); a seam for component tests. */
export const stripePage = { open: (url: string) => window.location.assign(url) }

export const startCheckout = (body: CheckoutRequest) => api.call(billingCalls.checkout, { body })

export const useCheckout = () =>
  useMutation({ mutationFn: startCheckout, onSuccess: ({ url }) => stripePage.open(url) })

export const openPortal = () => api.call(billingCalls.portal, { body: {} })

export const usePortal = () =>
  useMutation({ mutationFn: openPortal, onSuccess: ({ url }) => stripePage.open(url) })

export const setExtraSeats = (extra: number) => api.call(billingCalls.seats, { body: { extra } })

export function useExtraSeats() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setExtraSeats,
    onSuccess: (billing) => {
      queryClient.setQueryData(billingQuery.queryKey, billing)
      planChanged(queryClient)
    },
  })
}
