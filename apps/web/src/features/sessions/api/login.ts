/** POST /api/auth/login: signed in, or a second step to take (docs/product/accounts.md). */
import { useMutation } from '@tanstack/react-query'
import type { LoginRequest } from '@myodocs/shared/contracts/auth'
import type { SignInResult } from '@myodocs/shared/contracts/two-step'
import { api } from '../../../lib/api-client'

export const login = (body: LoginRequest) => api.post<SignInResult>('/api/auth/login', body)

export const useLogin = () => useMutation({ mutationFn: login })
