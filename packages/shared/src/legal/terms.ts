/**
 * Terms of Service, version 1.0 (ten sections). The public page,
 * GET /api/legal/terms/current and the acceptance record all use this one text; bump `version`
 * when the text changes and every earlier acceptance becomes stale.
 */
import type { LegalDocument } from '../contracts/legal'
import { SUPPORT_EMAIL_TOKEN } from './tokens'

export const TERMS_OF_SERVICE: LegalDocument = {
  id: 'terms',
  title: 'Terms of Service',
  version: '1.0',
  effectiveDate: '2025-01-01',
  summary:
    'These terms govern your use of MyoDocs. You keep ownership of every document you create; ' +
    'you are responsible for handling patient information lawfully and for the email account you send from.',
  sections: [
    {
      heading: '1. Eligibility',
      blocks: [
        {
          type: 'p',
          text: 'MyoDocs is a professional tool. You may create an account and use the service only if all of the following are true:',
        },
        {
          type: 'ul',
          items: [
            'You are a practicing orofacial myofunctional therapist or allied health professional (for example an RDH, SLP or DDS), or you are in training under the supervision of one.',
            'You accept these Terms of Service and the HIPAA Business Associate Agreement (BAA) on behalf of yourself and, where applicable, your practice.',
            'You are at least 18 years old and able to enter into a binding contract.',
          ],
        },
      ],
    },
    {
      heading: '2. Your responsibilities',
      blocks: [
        {
          type: 'ul',
          items: [
            'Keep your password secret, use a unique password, and sign out on shared computers. You are responsible for activity under your account and the accounts of team members you invite.',
            'Make sure the information you enter is accurate and that you have the authority and, where required, the patient’s consent to create and send each document.',
            'Send documents only to the intended recipients, and check every address before sending.',
            'Exercise your own professional judgement: MyoDocs formats and scores what you record, but clinical decisions remain yours.',
          ],
        },
      ],
    },
    {
      heading: '3. HIPAA and patient information',
      blocks: [
        {
          type: 'p',
          text: 'MyoDocs is designed so that our servers never store protected health information (PHI). Patient data you enter is kept in your browser while you work, is used only to render the PDF you request, and is not written to our database, logs or disks.',
        },
        {
          type: 'p',
          text: 'Documents are sent from your own email account. You are responsible for using an email provider that is HIPAA-compliant and has signed a BAA with you, and you must confirm this in the email-provider attestation before sending.',
        },
        {
          type: 'note',
          text: 'The Business Associate Agreement is part of these terms. You must sign it before MyoDocs processes any patient information for you.',
        },
      ],
    },
    {
      heading: '4. Prohibited acts',
      blocks: [
        {
          type: 'p',
          text: 'You must not:',
        },
        {
          type: 'ul',
          items: [
            'use the service for any unlawful purpose or to send unsolicited messages;',
            'attempt to gain access to another practice’s account, data or documents;',
            'probe, scan or test the vulnerability of the service, or interfere with its operation;',
            'resell, sublicense or share the service outside your practice and its invited team members;',
            'reverse engineer the service except where the law expressly allows it.',
          ],
        },
      ],
    },
    {
      heading: '5. Ownership',
      blocks: [
        {
          type: 'p',
          text: 'You own the documents you create with MyoDocs and everything you enter into them. We claim no rights over your documents. MyoDocs, its software, templates and design remain ours; we grant you a limited, non-exclusive licence to use them while your account is active.',
        },
      ],
    },
    {
      heading: '6. Disclaimer of warranties',
      blocks: [
        {
          type: 'p',
          text: 'The service is provided “as is” and “as available”. To the fullest extent the law allows, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement. Scores and recommendations in MyoDocs are aids to documentation, not a diagnosis.',
        },
      ],
    },
    {
      heading: '7. Limitation of liability',
      blocks: [
        {
          type: 'p',
          text: 'To the fullest extent the law allows, MyoDocs is not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits or data. Our total liability for any claim is limited to the fees you paid us in the twelve months before the claim arose.',
        },
      ],
    },
    {
      heading: '8. Plans, cancellation and termination',
      blocks: [
        {
          type: 'p',
          text: 'Plans, prices and monthly PDF limits are shown on the pricing page. You may cancel at any time; access continues for 30 days after cancellation. We may suspend or end an account that breaches these terms, after notice where the breach can be remedied.',
        },
      ],
    },
    {
      heading: '9. Changes to these terms',
      blocks: [
        {
          type: 'p',
          text: 'We may update these terms. When we do, we publish a new version with its effective date and ask you to accept it before you continue to create or send documents.',
        },
      ],
    },
    {
      heading: '10. Contact',
      blocks: [
        {
          type: 'p',
          text: `Questions about these terms: ${SUPPORT_EMAIL_TOKEN}.`,
        },
      ],
    },
  ],
}
