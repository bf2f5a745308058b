/** POST /api/auth/reset-password: answers a message. */
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

export const resetPassword = (body: { token: string; newPassword: string }) =>
  apiRequest<{ message: string }>('/api/auth/reset-password', { method: 'POST', body }).then(
    (b) => b.message,
  )

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })
