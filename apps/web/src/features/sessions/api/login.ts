/** POST /api/auth/login. */
import { useMutation } from '@tanstack/react-query'
import type { LoginRequest, User } from '@myodocs/shared/contracts/auth'
import { api } from '../../../lib/api-client'

export const login = (body: LoginRequest) =>
  api.post<{ user: User }>('/api/auth/login', body).then((d) => d?.user)

export const useLogin = () => useMutation({ mutationFn: login })
