/** POST /api/invite/{token}/accept: creates or reactivates the account and signs it in. */
import { useMutation } from '@tanstack/react-query'
import type { User } from '@myodocs/shared/contracts/auth'
import type { AcceptInvitationRequest } from '@myodocs/shared/contracts/team'
import { api } from '../../../lib/api-client'

export const acceptInvitation = (token: string, body: AcceptInvitationRequest) =>
  api
    .post<{ user: User }>(`/api/invite/${encodeURIComponent(token)}/accept`, body)
    .then((d) => d.user)

export const useAcceptInvitation = (token: string) =>
  useMutation({ mutationFn: (body: AcceptInvitationRequest) => acceptInvitation(token, body) })
