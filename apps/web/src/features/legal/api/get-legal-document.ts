/** GET /api/legal/{kind}/current: the text and version in force (what an acceptance records). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { legalReadCalls } from '@myodocs/shared/api/legal'
import type { LegalDocumentKind } from '@myodocs/shared/contracts/legal'
import { LEGAL_STATUS_CACHE_MS } from '@myodocs/shared/constants/timings'
import { api } from '../../../lib/api-client'
import { LEGAL_QUERY_KEY } from './get-legal-status'

export const legalDocumentQuery = (kind: LegalDocumentKind) =>
  queryOptions({
    queryKey: [...LEGAL_QUERY_KEY, 'document', kind],
    queryFn: () => api.call(legalReadCalls[kind].current),
    staleTime: LEGAL_STATUS_CACHE_MS,
  })

export const useLegalDocument = (kind: LegalDocumentKind, enabled = true) =>
  useQuery({ ...legalDocumentQuery(kind), enabled })
