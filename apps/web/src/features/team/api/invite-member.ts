/** POST /api/team/invite: emails a single-use link valid 7 days. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InviteMemberRequest, TeamInvitation } from '@myodocs/shared/contracts/team'
import { api } from '../../../lib/api-client'
import { teamQuery } from './get-team'

export const inviteMember = (body: InviteMemberRequest) =>
  api.post<TeamInvitation>('/api/team/invite', body)

export function useInviteMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQuery.queryKey }),
  })
}
