/** POST /api/auth/forgot-password: answers a message. */
import { useMutation } from '@tanstack/react-query'
import { passwordCalls } from '@myodocs/shared/api/passwords'
import { api } from '../../../lib/api-client'

export const forgotPassword = (email: string) =>
  api.call(passwordCalls.forgot, { body: { email } }).then((b) => b.message)

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword })
