/** GET /api/invite/{token}: the invitation behind a link (anyone holding it). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InvitationDetails } from '@myodocs/shared/contracts/team'
import { api } from '../../../lib/api-client'

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => api.get<InvitationDetails>(`/api/invite/${encodeURIComponent(token)}`),
    retry: false,
  })

export const useInvitation = (token: string, enabled: boolean) =>
  useQuery({ ...invitationQuery(token), enabled })
