/**
 * The strength meter's data: the server's validation 300 ms after typing stops;
 * the shared local rules (with the lazily loaded common list) while it is on its way or when the
 * server cannot be reached. `isValid` is only true for the password as it is now.
 */
import { useMemo } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PasswordValidationResult } from '@myodocs/shared/contracts/auth'
import { VALIDATION_DEBOUNCE_MS } from '@myodocs/shared/constants/timings'
import {
  loadCommonPasswords,
  localPasswordValidation,
} from '@myodocs/shared/domain/password-policy'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { usePasswordPolicy } from '../api/get-password-policy'
import { validatePassword } from '../api/validate-password'

export type PasswordStrength = {
  validation: PasswordValidationResult | null
  source: 'server' | 'local' | null
  /** The shown result is for an earlier keystroke, or the server has not answered yet. */
  pending: boolean
  isValid: boolean
}

export const commonPasswordsQuery = {
  queryKey: ['common-passwords'],
  queryFn: loadCommonPasswords,
  staleTime: Infinity,
  gcTime: Infinity,
} as const

export function usePasswordStrength(password: string): PasswordStrength {
  const policy = usePasswordPolicy()
  const debounced = useDebouncedValue(password, VALIDATION_DEBOUNCE_MS)
  const server = useQuery({
    queryKey: ['password-validation', debounced],
    queryFn: ({ signal }) => validatePassword(debounced, signal),
    enabled: debounced.length > 0,
    // The password lives in the query key: drop it as soon as nothing shows it.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  })
  const common = useQuery(commonPasswordsQuery)
  const local = useMemo(
    () =>
      password && common.data
        ? {
            ...localPasswordValidation(password, common.data, policy),
            breachCheck: 'unknown' as const,
          }
        : null,
    [password, common.data, policy],
  )

  if (!password) return { validation: null, source: null, pending: false, isValid: false }
  const fresh = debounced === password && server.isSuccess && !server.isPlaceholderData
  if (fresh)
    return {
      validation: server.data,
      source: 'server',
      pending: false,
      isValid: server.data.isValid,
    }
  if (server.isError && debounced === password) {
    return { validation: local, source: 'local', pending: !local, isValid: Boolean(local?.isValid) }
  }
  return {
    validation: local ?? server.data ?? null,
    source: local ? 'local' : server.data ? 'server' : null,
    pending: true,
    isValid: false,
  }
}
