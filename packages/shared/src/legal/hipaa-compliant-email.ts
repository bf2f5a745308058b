/**
 * The HIPAA-compliant email guide, version 1.0: what makes
 * a provider compliant, which providers can be, which cannot, and the therapist's part. The public
 * page and the email-provider attestation point here; bump `version` when the text changes.
 */
import type { LegalDocument } from '../contracts/legal'
import { SUPPORT_EMAIL_TOKEN } from './tokens'

export const HIPAA_COMPLIANT_EMAIL: LegalDocument = {
  id: 'hipaa-compliant-email',
  title: 'HIPAA-Compliant Email',
  version: '1.0',
  effectiveDate: '2025-01-01',
  summary:
    'MyoDocs sends your documents from your own email account. Because those documents contain ' +
    'protected health information (PHI), the account you send from must be HIPAA-compliant. This ' +
    'guide explains what that means and how to get there.',
  sections: [
    {
      heading: 'What makes an email provider HIPAA-compliant',
      blocks: [
        {
          type: 'p',
          text: 'HIPAA does not certify email services. A provider can be used for PHI when it offers the safeguards below and has signed a Business Associate Agreement with your practice. All four are needed:',
        },
        {
          type: 'ul',
          items: [
            'Encryption in transit: messages travel over TLS between your mailbox and the recipient’s mail server, so they cannot be read on the way.',
            'Encryption at rest: stored messages and attachments are encrypted on the provider’s servers.',
            'A signed Business Associate Agreement (BAA): the provider commits in writing to protect PHI as HIPAA requires and to tell you about breaches.',
            'Access controls with audit logs: each person signs in with their own account, ideally with two-step verification, and the provider records who accessed what and when.',
          ],
        },
      ],
    },
    {
      heading: 'Providers that can be made compliant',
      blocks: [
        {
          type: 'p',
          text: 'These services offer a BAA and the safeguards above. Compliance depends on the plan you buy and on signing the BAA; it is not switched on by default.',
        },
        {
          type: 'ul',
          items: [
            'Google Workspace: a paid Business or Enterprise plan, plus the BAA, which an administrator reviews and accepts in the Google Admin console (Account settings › Legal and compliance). Connect it to MyoDocs with “Gmail”.',
            'Microsoft 365: a business or enterprise tier (for example Business Basic, Business Standard, Business Premium or E3/E5); Microsoft’s BAA is included in its Product Terms for these plans. Connect it with “Outlook”.',
            'Paubox: email built for healthcare, with a BAA on every plan and encryption that needs no extra step from the recipient. Connect it with its SMTP settings.',
            'ProtonMail Enterprise (Proton for Business): end-to-end encrypted mail with a BAA available for business customers. Connect it through Proton’s SMTP submission.',
          ],
        },
      ],
    },
    {
      heading: 'Services that cannot be made compliant',
      blocks: [
        {
          type: 'p',
          text: 'Free consumer email services do not sign Business Associate Agreements, whatever settings you choose. This includes:',
        },
        {
          type: 'ul',
          items: [
            'free Gmail (addresses ending in @gmail.com);',
            'Yahoo Mail;',
            'Outlook.com and Hotmail (Microsoft’s free consumer mail);',
            'AOL Mail and other free webmail services.',
          ],
        },
        {
          type: 'note',
          text: 'MyoDocs can technically connect to these accounts, but connecting one does not make it compliant. Do not use a free consumer account to send documents that identify a patient.',
        },
      ],
    },
    {
      heading: 'Your responsibilities',
      blocks: [
        {
          type: 'ul',
          items: [
            'Use a HIPAA-compliant email provider for every message that contains patient information.',
            'Make sure a Business Associate Agreement is signed with that provider before you send PHI, and keep a copy.',
            'Send PHI only when it is appropriate: to the patient, to their guardian, or to another provider for treatment, and only what the recipient needs. Check every address before you send.',
            'Train everyone in your practice who sends documents on these rules, and remove access promptly when someone leaves.',
          ],
        },
        {
          type: 'note',
          text: 'Sending PHI through an email provider without a signed BAA is a HIPAA violation, even if the message reaches the right person.',
        },
      ],
    },
    {
      heading: 'How MyoDocs handles the email you send',
      blocks: [
        {
          type: 'ul',
          items: [
            'Your documents are sent from your own mailbox, through your provider’s secure connection, so they appear in your Sent folder like any other message.',
            'MyoDocs does not keep the message body or the PDF. We record only the recipient, subject, delivery status and time, with the recipient and subject encrypted.',
            'The default subject lines name the document, never the patient.',
            'Before your first message, MyoDocs asks you to confirm that your email provider is HIPAA-compliant and that you have a signed BAA with it.',
          ],
        },
      ],
    },
    {
      heading: 'Questions',
      blocks: [
        {
          type: 'p',
          text: `This guide is general information, not legal advice. If you are unsure whether your email setup is compliant, ask your provider for their BAA or write to us at ${SUPPORT_EMAIL_TOKEN} and we will help you check.`,
        },
      ],
    },
  ],
}
