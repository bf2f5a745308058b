/** GET /api/team (primary user): members, pending invitations and seats; cached 5 minutes. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { teamCalls } from '@myodocs/shared/api/team'
import { api } from '../../../lib/api-client'

/** Team data is kept 5 minutes and refetched after every change (docs/product/team.md). */
export const TEAM_STALE_MS = 5 * 60 * 1000

export const teamQuery = queryOptions({
  queryKey: ['team'],
  queryFn: () => api.call(teamCalls.get),
  staleTime: TEAM_STALE_MS,
})

export const useTeam = () => useQuery(teamQuery)
