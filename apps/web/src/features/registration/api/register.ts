/** POST /api/auth/register (answers a message only) and /register/confirm (the emailed link). */
import { useMutation } from '@tanstack/react-query'
import { registrationCalls } from '@myodocs/shared/api/registration'
import type { RegisterRequest } from '@myodocs/shared/contracts/auth'
import { api } from '../../../lib/api-client'

export const register = (body: RegisterRequest) =>
  api.call(registrationCalls.register, { body }).then((b) => b.message)

export const useRegister = () => useMutation({ mutationFn: register })

export const confirmRegistration = (token: string) =>
  api.call(registrationCalls.confirm, { body: { token } }).then((d) => d.user)

export const useConfirmRegistration = () => useMutation({ mutationFn: confirmRegistration })
