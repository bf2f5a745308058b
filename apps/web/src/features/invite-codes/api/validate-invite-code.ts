/** POST /api/auth/validate-invite-code. */
import { useMutation } from '@tanstack/react-query'
import { inviteCodeCalls } from '@myodocs/shared/api/invite-codes'
import { api } from '../../../lib/api-client'

export const validateInviteCode = (inviteCode: string) =>
  api.call(inviteCodeCalls.validate, { body: { inviteCode } })

export const useValidateInviteCode = () => useMutation({ mutationFn: validateInviteCode })
