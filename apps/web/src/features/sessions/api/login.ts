/** POST /api/auth/login: signed in, or a second step to take (docs/product/accounts.md). */
import { useMutation } from '@tanstack/react-query'
import type { LoginRequest } from '@myodocs/shared/contracts/auth'
import { twoStepCalls } from '@myodocs/shared/api/two-step'
import { api } from '../../../lib/api-client'

export const login = (body: LoginRequest) => api.call(twoStepCalls.login, { body })

export const useLogin = () => useMutation({ mutationFn: login })
