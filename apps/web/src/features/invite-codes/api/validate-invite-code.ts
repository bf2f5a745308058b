/** POST /api/auth/validate-invite-code. */
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export const validateInviteCode = (inviteCode: string) =>
  api.post<{ valid: true }>('/api/auth/validate-invite-code', { inviteCode })

export const useValidateInviteCode = () => useMutation({ mutationFn: validateInviteCode })
