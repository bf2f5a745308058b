/** GET /api/referral/validate/{code}: 404 means an invalid code. */
import { useQuery } from '@tanstack/react-query'
import { referralCalls } from '@myodocs/shared/api/referral'
import { api } from '../../../lib/api-client'

export const validateReferral = (code: string) =>
  api.call(referralCalls.validate, { params: { code } })

export const useReferral = (code: string | null) =>
  useQuery({
    queryKey: ['referral', code],
    queryFn: () => validateReferral(code!),
    enabled: Boolean(code),
    retry: false,
    staleTime: Infinity,
  })
