/** POST /api/invite/{token}/accept: creates or reactivates the account and signs it in. */
import { useMutation } from '@tanstack/react-query'
import { inviteCalls } from '@myodocs/shared/api/invite'
import type { AcceptInvitationRequest } from '@myodocs/shared/contracts/team'
import { api } from '../../../lib/api-client'

/** Signed in, or (a returning member with two-step sign-in) a second step to take. */
export const acceptInvitation = (token: string, body: AcceptInvitationRequest) =>
  api.call(inviteCalls.accept, { params: { token }, body })

export const useAcceptInvitation = (token: string) =>
  useMutation({ mutationFn: (body: AcceptInvitationRequest) => acceptInvitation(token, body) })
