/**
 * GET /api/legal/{baa,terms,email-provider-attestation}/status (cached 5 min) and the
 * compliance they add up to: the shell's gate, the sidebar and the legal tab all read
 * these three queries, and every acceptance refreshes them (LEGAL_STATUS_CHANGED_EVENT).
 */
import { queryOptions, useQueries } from '@tanstack/react-query'
import {
  compliancePercentage,
  LEGAL_DOCUMENT_KINDS,
  missingLegalDocuments,
} from '@myodocs/shared/contracts/legal'
import { legalReadCalls } from '@myodocs/shared/api/legal'
import type { LegalDocumentKind, LegalStatus } from '@myodocs/shared/contracts/legal'
import { COMPLIANCE_REFRESH_MS, LEGAL_STATUS_CACHE_MS } from '@myodocs/shared/constants/timings'
import { api } from '../../../lib/api-client'

/** Every legal query starts with this key: invalidate it after an acceptance. */
export const LEGAL_QUERY_KEY = ['legal'] as const

export const legalStatusQuery = (kind: LegalDocumentKind) =>
  queryOptions({
    queryKey: [...LEGAL_QUERY_KEY, 'status', kind],
    queryFn: () => api.call(legalReadCalls[kind].status),
    staleTime: LEGAL_STATUS_CACHE_MS,
    // Compliance is refreshed when older than 6 hours, even with the app left open.
    refetchInterval: COMPLIANCE_REFRESH_MS,
  })

export type Compliance = {
  /** `error`: the BAA or attestation status could not be read (the app cannot open safely). */
  state: 'pending' | 'error' | 'ready'
  statuses: Record<LegalDocumentKind, LegalStatus | undefined>
  accepted: Record<LegalDocumentKind, boolean>
  missing: LegalDocumentKind[]
  /** Out of 3. */
  percentage: number
  allAccepted: boolean
  fetching: boolean
  refetch: () => Promise<void>
}

export function useCompliance(): Compliance {
  const results = useQueries({ queries: LEGAL_DOCUMENT_KINDS.map(legalStatusQuery) })
  const byKind = Object.fromEntries(LEGAL_DOCUMENT_KINDS.map((k, i) => [k, results[i]!])) as Record<
    LegalDocumentKind,
    (typeof results)[number]
  >
  const statuses = {
    baa: byKind.baa.data,
    terms: byKind.terms.data,
    'email-provider-attestation': byKind['email-provider-attestation'].data,
  }
  const accepted = {
    baa: Boolean(statuses.baa?.isAccepted),
    // A terms-status failure counts as not accepted.
    terms: Boolean(statuses.terms?.isAccepted),
    'email-provider-attestation': Boolean(statuses['email-provider-attestation']?.isAccepted),
  }
  const failed = (['baa', 'email-provider-attestation'] as const).some(
    (k) => byKind[k].isError && !byKind[k].data,
  )
  const pending = results.some((r) => r.isPending && r.fetchStatus !== 'idle')
  const missing = missingLegalDocuments(accepted)
  return {
    state: failed ? 'error' : pending ? 'pending' : 'ready',
    statuses,
    accepted,
    missing,
    percentage: compliancePercentage(accepted),
    allAccepted: missing.length === 0,
    fetching: results.some((r) => r.isFetching),
    refetch: async () => {
      await Promise.all(results.map((r) => r.refetch()))
    },
  }
}
