/** POST /api/team/invite: emails a single-use link valid 7 days. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { teamCalls } from '@myodocs/shared/api/team'
import type { InviteMemberRequest } from '@myodocs/shared/contracts/team'
import { api } from '../../../lib/api-client'
import { teamQuery } from './get-team'

export const inviteMember = (body: InviteMemberRequest) => api.call(teamCalls.invite, { body })

export function useInviteMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQuery.queryKey }),
  })
}
