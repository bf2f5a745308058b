/** /legal/terms-of-service: the Terms of Service v1.0 (packages/shared/src/legal/terms.ts). */
import { TERMS_OF_SERVICE } from '@myodocs/shared/legal/terms'
import { LegalPage } from '../components/legal-page'

export default function TermsOfServicePage() {
  return (
    <LegalPage
      document={TERMS_OF_SERVICE}
      description="The terms for using MyoDocs: who may use it, your responsibilities under HIPAA, ownership of your documents, plans and cancellation."
    />
  )
}
