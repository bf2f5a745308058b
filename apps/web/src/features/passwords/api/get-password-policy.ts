/** GET /api/auth/password-policy, cached 5 minutes; the default policy on failure. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { passwordCalls } from '@myodocs/shared/api/passwords'
import { POLICY_CACHE_MS } from '@myodocs/shared/constants/timings'
import { DEFAULT_PASSWORD_POLICY } from '@myodocs/shared/domain/password-policy'
import type { PasswordPolicy } from '@myodocs/shared/domain/password-policy'
import { api } from '../../../lib/api-client'

export const passwordPolicyQuery = queryOptions({
  queryKey: ['password-policy'],
  queryFn: () => api.call(passwordCalls.policy).then((d) => d.policy),
  staleTime: POLICY_CACHE_MS,
})

export function usePasswordPolicy(): PasswordPolicy {
  return useQuery(passwordPolicyQuery).data ?? DEFAULT_PASSWORD_POLICY
}
