/**
 * POST /api/legal/baa/accept {accept, signatureData:{name,title}}, POST /api/legal/terms/accept and
 * POST /api/legal/email-provider-attestation/accept {accept}. An acceptance announces
 * itself: the shell refetches every status.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { legalCalls } from '@myodocs/shared/api/legal'
import type { LegalDocumentKind } from '@myodocs/shared/contracts/legal'
import { api } from '../../../lib/api-client'
import { announceLegalStatusChanged } from '../../../lib/app-events'
import { legalStatusQuery } from './get-legal-status'

export type Signature = { name: string; title: string }

const ACCEPT = {
  terms: legalCalls.acceptTerms,
  'email-provider-attestation': legalCalls.acceptAttestation,
}

/** The BAA is signed with a name and title (its form requires both); the others only accepted. */
export async function acceptLegalDocument(kind: LegalDocumentKind, signature?: Signature) {
  if (kind !== 'baa') return api.call(ACCEPT[kind], { body: { accept: true } })
  if (!signature) throw new Error('The BAA is signed with a name and title')
  return api.call(legalCalls.acceptBaa, { body: { accept: true, signatureData: signature } })
}

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
