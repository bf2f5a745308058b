/** GET /api/invite/{token}: the invitation behind a link (anyone holding it). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { inviteCalls } from '@myodocs/shared/api/invite'
import { api } from '../../../lib/api-client'

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => api.call(inviteCalls.get, { params: { token } }),
    retry: false,
  })

export const useInvitation = (token: string, enabled: boolean) =>
  useQuery({ ...invitationQuery(token), enabled })
