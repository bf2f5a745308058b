/** GET /api/referral/validate/{code}: 404 means an invalid code. */
import { useQuery } from '@tanstack/react-query'
import type { ReferralValidation } from '@myodocs/shared/contracts/referral'
import { api } from '../../../lib/api-client'

export const validateReferral = (code: string) =>
  api.get<ReferralValidation>(`/api/referral/validate/${encodeURIComponent(code)}`)

export const useReferral = (code: string | null) =>
  useQuery({
    queryKey: ['referral', code],
    queryFn: () => validateReferral(code!),
    enabled: Boolean(code),
    retry: false,
    staleTime: Infinity,
  })
