/**
 * Email-provider attestation, version 1.0: the therapist attests that the email
 * provider they send from is HIPAA-compliant (see /legal/hipaa-compliant-email). Accepted per user,
 * since each therapist connects their own mailbox. Bump `version` when the text changes.
 */
import type { LegalDocument } from '../contracts/legal'
import { SUPPORT_EMAIL_TOKEN } from './tokens'

export const EMAIL_PROVIDER_ATTESTATION: LegalDocument = {
  id: 'email-provider-attestation',
  title: 'Email Provider Attestation',
  version: '1.0',
  effectiveDate: '2025-01-01',
  summary:
    'MyoDocs sends documents from your own email account. Before you send patient information, ' +
    'confirm that the provider behind that account is HIPAA-compliant and has signed a BAA with you.',
  sections: [
    {
      heading: '1. What you attest',
      blocks: [
        {
          type: 'p',
          text: 'By accepting, you confirm that every email account you connect to MyoDocs to send documents containing patient information:',
        },
        {
          type: 'ul',
          items: [
            'is provided under a plan that supports HIPAA compliance (for example a paid Google Workspace plan, a Microsoft 365 business or enterprise plan, Paubox or ProtonMail Enterprise);',
            'is covered by a business associate agreement signed between your practice and the provider;',
            'encrypts mail in transit (TLS) and at rest, and has access controls and audit logs enabled.',
          ],
        },
      ],
    },
    {
      heading: '2. Accounts that cannot be used',
      blocks: [
        {
          type: 'note',
          text: 'Free consumer mail services (free Gmail, Yahoo Mail, Outlook.com, AOL) cannot be made HIPAA-compliant. Sending protected health information through them, or through any provider without a signed BAA, is a HIPAA violation.',
        },
      ],
    },
    {
      heading: '3. Your ongoing responsibilities',
      blocks: [
        {
          type: 'ul',
          items: [
            'Send protected health information only when it is appropriate and only to the intended recipients.',
            'Train the staff who use your account, and keep your provider’s BAA in force.',
            'Stop sending patient documents through an account as soon as it no longer meets these conditions, and tell us if you are unsure.',
          ],
        },
        {
          type: 'p',
          text: `See the HIPAA-compliant email guide on our site, or write to ${SUPPORT_EMAIL_TOKEN} with questions.`,
        },
      ],
    },
  ],
}
