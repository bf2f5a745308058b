/**
 * POST /api/auth/reset-password: answers a message and the user this browser is now signed in
 * as, or (an account with two-step sign-in) the second step to take.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import type { SignInResult } from '@myodocs/shared/contracts/two-step'
import { api, apiRequest } from '../../../lib/api-client'

export const resetPassword = (body: { token: string; newPassword: string }) =>
  apiRequest<{ message: string; data: SignInResult }>('/api/auth/reset-password', {
    method: 'POST',
    body,
  }).then((b) => ({ message: b.message, result: b.data }))

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })

/** POST /api/auth/reset-password/check: the link can still be used (else INVALID_RESET_TOKEN). */
const checkResetToken = (token: string) =>
  api.post<{ valid: true }>('/api/auth/reset-password/check', { token })

/** Asked once when the page opens; gone with the page (the token is a secret). */
export const useResetTokenCheck = (token: string) =>
  useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  })
