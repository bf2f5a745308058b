/** POST /api/auth/reset-password: answers a message and the user this browser is now signed in as. */
import { useMutation } from '@tanstack/react-query'
import type { User } from '@myodocs/shared/contracts/auth'
import { apiRequest } from '../../../lib/api-client'

export const resetPassword = (body: { token: string; newPassword: string }) =>
  apiRequest<{ message: string; data: { user: User } }>('/api/auth/reset-password', {
    method: 'POST',
    body,
  }).then((b) => ({ message: b.message, user: b.data.user }))

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })
