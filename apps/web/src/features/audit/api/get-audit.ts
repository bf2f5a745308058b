/** GET /api/audit: the activity log, newest first, a page at a time (Load more). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { auditCalls } from '@myodocs/shared/api/audit'
import type { AuditFilters } from '@myodocs/shared/contracts/audit'
import { api } from '../../../lib/api-client'

/** The filters that hold a value (an emptied field is left out), shared with the CSV export. */
export function filledFilters(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value)))
}

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) =>
      api.call(auditCalls.list, {
        query: { ...filledFilters(filters), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export const useAudit = (filters: AuditFilters, { enabled = true } = {}) =>
  useInfiniteQuery({ ...auditQuery(filters), enabled })
