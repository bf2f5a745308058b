/** GET /api/audit: the activity log, newest first, a page at a time (Load more). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { AuditFilters, AuditPage } from '@myodocs/shared/contracts/audit'
import { api } from '../../../lib/api-client'

/** The query string of the filters (empty ones left out), shared with the CSV export. */
export function auditSearch(filters: AuditFilters, cursor?: string | null): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value)
  if (cursor) params.set('cursor', cursor)
  const text = params.toString()
  return text ? `?${text}` : ''
}

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) => api.get<AuditPage>(`/api/audit${auditSearch(filters, pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export const useAudit = (filters: AuditFilters) => useInfiniteQuery(auditQuery(filters))
