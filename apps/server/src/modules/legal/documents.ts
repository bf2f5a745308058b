/**
 * The legal documents in force, by kind. The app holds one set (app.legalDocuments); tests pass
 * another through buildApp's `legalDocuments` to publish a new version and see acceptances go stale.
 */
import type { LegalDocument, LegalDocumentKind } from '@myodocs/shared/contracts/legal'
import { BUSINESS_ASSOCIATE_AGREEMENT } from '@myodocs/shared/legal/baa'
import { EMAIL_PROVIDER_ATTESTATION } from '@myodocs/shared/legal/email-provider-attestation'
import { TERMS_OF_SERVICE } from '@myodocs/shared/legal/terms'

export type LegalDocumentSet = Record<LegalDocumentKind, LegalDocument>

export const CURRENT_LEGAL_DOCUMENTS: LegalDocumentSet = {
  baa: BUSINESS_ASSOCIATE_AGREEMENT,
  terms: TERMS_OF_SERVICE,
  'email-provider-attestation': EMAIL_PROVIDER_ATTESTATION,
}

export function legalDocumentSet(overrides: Partial<LegalDocumentSet> = {}): LegalDocumentSet {
  return { ...CURRENT_LEGAL_DOCUMENTS, ...overrides }
}
