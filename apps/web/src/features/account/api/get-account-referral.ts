/** GET /api/account/referral (primary user): the Refer a colleague card's link and usage count. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { accountCalls } from '@myodocs/shared/api/account'
import { api } from '../../../lib/api-client'

export const accountReferralQuery = queryOptions({
  queryKey: ['account', 'referral'],
  queryFn: () => api.call(accountCalls.referral),
})

export const useAccountReferral = (enabled = true) => useQuery({ ...accountReferralQuery, enabled })
