/** POST /api/auth/forgot-password: answers a message. */
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

export const forgotPassword = (email: string) =>
  apiRequest<{ message: string }>('/api/auth/forgot-password', {
    method: 'POST',
    body: { email },
  }).then((b) => b.message)

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword })
