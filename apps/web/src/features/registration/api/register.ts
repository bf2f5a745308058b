/** POST /api/auth/register. */
import { useMutation } from '@tanstack/react-query'
import type { RegisterRequest, User } from '@myodocs/shared/contracts/auth'
import { api } from '../../../lib/api-client'

export const register = (body: RegisterRequest) =>
  api.post<{ user: User }>('/api/auth/register', body).then((d) => d?.user)

export const useRegister = () => useMutation({ mutationFn: register })
