/**
 * POST /api/auth/reset-password: answers a message and the user this browser is now signed in
 * as, or (an account with two-step sign-in) the second step to take.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { passwordCalls } from '@myodocs/shared/api/passwords'
import { api } from '../../../lib/api-client'

export const resetPassword = (body: { token: string; newPassword: string }) =>
  api.call(passwordCalls.reset, { body }).then((b) => ({ message: b.message, result: b.data }))

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })

/** POST /api/auth/reset-password/check: the link can still be used (else INVALID_RESET_TOKEN). */
const checkResetToken = (token: string) => api.call(passwordCalls.checkReset, { body: { token } })

/** Asked once when the page opens; gone with the page (the token is a secret). */
export const useResetTokenCheck = (token: string) =>
  useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  })
