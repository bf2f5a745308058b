/** POST /api/auth/register (answers a message only) and /register/confirm (the emailed link). */
import { useMutation } from '@tanstack/react-query'
import type { RegisterRequest, User } from '@myodocs/shared/contracts/auth'
import { api, apiRequest } from '../../../lib/api-client'

export const register = (body: RegisterRequest) =>
  apiRequest<{ message: string }>('/api/auth/register', { method: 'POST', body }).then(
    (b) => b.message,
  )

export const useRegister = () => useMutation({ mutationFn: register })

export const confirmRegistration = (token: string) =>
  api.post<{ user: User }>('/api/auth/register/confirm', { token }).then((d) => d?.user)

export const useConfirmRegistration = () => useMutation({ mutationFn: confirmRegistration })
