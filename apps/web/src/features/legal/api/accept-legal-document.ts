/**
 * POST /api/legal/baa/accept {accept, signatureData:{name,title}}, POST /api/legal/terms/accept and
 * POST /api/legal/email-provider-attestation/accept {accept}. An acceptance announces
 * itself: the shell refetches every status.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LegalDocumentKind, LegalStatus } from '@myodocs/shared/contracts/legal'
import { api } from '../../../lib/api-client'
import { announceLegalStatusChanged } from '../../../lib/app-events'
import { legalStatusQuery } from './get-legal-status'

export type Signature = { name: string; title: string }

export const acceptLegalDocument = (kind: LegalDocumentKind, signature?: Signature) =>
  api.post<LegalStatus>(
    `/api/legal/${kind}/accept`,
    kind === 'baa' ? { accept: true, signatureData: signature } : { accept: true },
  )

export function useAcceptLegalDocument(kind: LegalDocumentKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (signature?: Signature) => acceptLegalDocument(kind, signature),
    onSuccess: (status) => {
      queryClient.setQueryData(legalStatusQuery(kind).queryKey, status)
      announceLegalStatusChanged()
    },
  })
}
