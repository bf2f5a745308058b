/**
 * POST /api/auth/change-password: the current password and a new one (policy, not the last 5).
 * The user's other sessions end; this one continues.
 */
import { useMutation } from '@tanstack/react-query'
import { passwordCalls } from '@myodocs/shared/api/passwords'
import type { ChangePasswordRequest } from '@myodocs/shared/contracts/auth'
import { api } from '../../../lib/api-client'

export const changePassword = (body: ChangePasswordRequest) =>
  api.call(passwordCalls.change, { body })

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
