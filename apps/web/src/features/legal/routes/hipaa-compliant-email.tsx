/** /legal/hipaa-compliant-email: the education page (packages/shared/src/legal). */
import { HIPAA_COMPLIANT_EMAIL } from '@myodocs/shared/legal/hipaa-compliant-email'
import { LegalPage } from '../components/legal-page'

export default function HipaaCompliantEmailPage() {
  return (
    <LegalPage
      document={HIPAA_COMPLIANT_EMAIL}
      eyebrow="Guide"
      description="What makes an email provider HIPAA-compliant, which providers qualify (Google Workspace, Microsoft 365, Paubox, ProtonMail Enterprise) and why free Gmail cannot."
    />
  )
}
