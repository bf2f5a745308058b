/**
 * The team's one-click calls: resend or delete an invitation (POST /api/team/invite/{id}/resend,
 * DELETE /api/team/invite/{id}); deactivate, reactivate, reset the password or the two-step
 * sign-in of, or remove a member (PUT /api/team/{id}/deactivate|reactivate, POST
 * /api/team/{id}/reset-password|reset-two-step, DELETE /api/team/{id}). Each refetches the team
 * afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { teamCalls } from '@myodocs/shared/api/team'
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

export const teamAction = (action: TeamAction, target: string): Promise<unknown> => {
  const params = { id: target }
  switch (action) {
    case 'resendInvitation':
      return api.call(teamCalls.resendInvitation, { params })
    case 'deleteInvitation':
      return api.call(teamCalls.deleteInvitation, { params })
    case 'deactivate':
      return api.call(teamCalls.deactivate, { params })
    case 'reactivate':
      return api.call(teamCalls.reactivate, { params })
    case 'resetPassword':
      return api.call(teamCalls.resetPassword, { params })
    case 'resetTwoStep':
      return api.call(twoStepCalls.resetMember, { params })
    case 'remove':
      return api.call(teamCalls.remove, { params })
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
