/** GET /api/subscription/change-plan/quote: the prorated amount a change would cost now. */
import { useQuery } from '@tanstack/react-query'
import { subscriptionCalls } from '@myodocs/shared/api/subscription'
import type { ChangePlanRequest } from '@myodocs/shared/contracts/subscription'
import { api } from '../../../lib/api-client'

export const getPlanChangeQuote = ({ planType, billingFrequency }: ChangePlanRequest) =>
  api.call(subscriptionCalls.quote, { query: { planType, billingFrequency } })

/** Asked only while the confirmation is open, and never reused: the amount moves with time. */
export const usePlanChangeQuote = (target: ChangePlanRequest | null) =>
  useQuery({
    queryKey: ['subscription', 'quote', target?.planType, target?.billingFrequency],
    queryFn: () => getPlanChangeQuote(target!),
    enabled: target !== null,
    staleTime: 0,
    gcTime: 0,
  })
