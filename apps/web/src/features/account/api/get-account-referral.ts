/** GET /api/account/referral (primary user): the Refer a colleague card's link and usage count. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ReferralInfoSchema } from '@myodocs/shared/contracts/subscription'
import { api } from '../../../lib/api-client'

export type ReferralInfo = z.infer<typeof ReferralInfoSchema>

export const accountReferralQuery = queryOptions({
  queryKey: ['account', 'referral'],
  queryFn: () => api.get<ReferralInfo>('/api/account/referral'),
})

export const useAccountReferral = (enabled = true) => useQuery({ ...accountReferralQuery, enabled })
