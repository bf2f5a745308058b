/**
 * The team's one-click calls: resend or delete an invitation (POST /api/team/invite/{id}/resend,
 * DELETE /api/team/invite/{id}); deactivate, reactivate, reset the password or the two-step
 * sign-in of, or remove a member (PUT /api/team/{id}/deactivate|reactivate, POST
 * /api/team/{id}/reset-password|reset-two-step, DELETE /api/team/{id}). Each refetches the team
 * afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { twoStepCalls } from '@myodocs/shared/api/two-step'
import { api } from '../../../lib/api-client'
import { teamQuery } from './get-team'

export type TeamAction =
  | 'resendInvitation'
  | 'deleteInvitation'
  | 'deactivate'
  | 'reactivate'
  | 'resetPassword'
  | 'resetTwoStep'
  | 'remove'

const id = (v: string) => encodeURIComponent(v)

export const teamAction = (action: TeamAction, target: string): Promise<unknown> => {
  switch (action) {
    case 'resendInvitation':
      return api.post(`/api/team/invite/${id(target)}/resend`)
    case 'deleteInvitation':
      return api.delete(`/api/team/invite/${id(target)}`)
    case 'deactivate':
      return api.put(`/api/team/${id(target)}/deactivate`)
    case 'reactivate':
      return api.put(`/api/team/${id(target)}/reactivate`)
    case 'resetPassword':
      return api.post(`/api/team/${id(target)}/reset-password`)
    case 'resetTwoStep':
      return api.call(twoStepCalls.resetMember, { params: { id: target } })
    case 'remove':
      return api.delete(`/api/team/${id(target)}`)
  }
}

export function useTeamAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, target }: { action: TeamAction; target: string }) =>
      teamAction(action, target),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQuery.queryKey }),
  })
}
