/** /legal/privacy-policy: the Privacy Policy v1.0 (packages/shared/src/legal). */
import { PRIVACY_POLICY } from '@myodocs/shared/legal/privacy-policy'
import { LegalPage } from '../components/legal-page'

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      document={PRIVACY_POLICY}
      description="What MyoDocs collects, what it never stores (no patient health information), how data is secured and the choices you have."
    />
  )
}
