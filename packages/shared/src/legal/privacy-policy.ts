/**
 * Privacy Policy, version 1.1 (eleven sections; 1.1 names Stripe). The public page
 * and the legal tab render this one text; bump `version` when it changes. What it says about data
 * must stay true of the code: see docs/architecture.md#no-phi-at-rest.
 */
import type { LegalDocument } from '../contracts/legal'
import { SUPPORT_EMAIL_TOKEN } from './tokens'

export const PRIVACY_POLICY: LegalDocument = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  version: '1.1',
  effectiveDate: '2026-12-07',
  summary:
    'MyoDocs keeps what it needs to run your account and nothing about your patients. Patient ' +
    'information is used only in memory to produce and send the documents you ask for; it is never ' +
    'stored on our servers.',
  sections: [
    {
      heading: '1. Who we serve',
      blocks: [
        {
          type: 'p',
          text: 'MyoDocs is a web application for orofacial myofunctional therapists and the members of their practice. This policy explains what information we collect from the therapists and staff who use MyoDocs (“you”), what we deliberately do not keep, and the choices you have. It applies to our website and to the signed-in application.',
        },
        {
          type: 'p',
          text: 'The patients you document are not our users. Where patient information passes through MyoDocs, we act as your business associate under HIPAA, as described in section 8 and in the Business Associate Agreement.',
        },
      ],
    },
    {
      heading: '2. Information we collect',
      blocks: [
        {
          type: 'ul',
          items: [
            'Account information: your name, email address, phone number, professional title, business name, and a password that we store only as a salted one-way hash (argon2id).',
            'Business profile and settings: your practice’s address and contact details, the logo you upload, and your document, notification and email preferences.',
            'Email connection: when you connect Gmail, Outlook or Yahoo, the access tokens your provider issues; when you use SMTP, the server settings and password. Tokens and passwords are encrypted before they are stored.',
            'Email log: for each message you send through MyoDocs, the recipient address, the subject, the delivery status and the time. The recipient and subject are encrypted at rest.',
            'Legal records: when you accept the Terms of Service, sign the Business Associate Agreement or confirm your email provider, the version, the time and the name and title you typed.',
            'Usage and security records: sign-in times, IP addresses, the browser you used, how many documents you generated each month, and an audit log of account actions (for example “settings changed” or “team member invited”).',
            'Messages you send us through the contact form or by email.',
          ],
        },
      ],
    },
    {
      heading: '3. Information we do not store',
      blocks: [
        {
          type: 'p',
          text: 'MyoDocs is built so that our servers never keep protected health information (PHI). In particular, we do not store:',
        },
        {
          type: 'ul',
          items: [
            'patient names, dates of birth, assessment findings, scores, notes, exercise programs or photos;',
            'the PDF documents you generate;',
            'the body or attachments of the emails you send.',
          ],
        },
        {
          type: 'p',
          text: 'When you generate or send a document, the patient information travels from your browser to our server, is used in memory to render the PDF and hand it to you or to your own email provider, and is then discarded. It is not written to our database, log files, disks or backups. Unfinished work is saved only in your own browser, encrypted with a key that is unique to you; signing out deletes it.',
        },
        {
          type: 'note',
          text: 'Because a sent email is delivered by your own email provider, a copy of it, with its attachment, is kept in your mailbox’s Sent folder under that provider’s policies, not ours.',
        },
      ],
    },
    {
      heading: '4. How we use information',
      blocks: [
        {
          type: 'ul',
          items: [
            'to create and secure your account, sign you in and keep your session safe;',
            'to put your practice details and logo on your documents and send them from the mailbox you connected;',
            'to apply your plan, count documents against your monthly PDF limit and run your free trial, referrals and subscription;',
            'to show you your email history and the status of each message;',
            'to keep audit records, detect abuse and investigate security incidents;',
            'to answer your questions and send you service messages such as password resets and team invitations.',
          ],
        },
        {
          type: 'p',
          text: 'We do not sell your information, we do not use it for advertising, and the site loads no third-party trackers or analytics scripts.',
        },
      ],
    },
    {
      heading: '5. Third parties',
      blocks: [
        {
          type: 'p',
          text: 'We share information only with the services needed to run MyoDocs, and only what each one needs:',
        },
        {
          type: 'ul',
          items: [
            'Your email provider (for example Google, Microsoft, Yahoo or your SMTP host), which receives the messages you choose to send and files them in your Sent folder. Your relationship with that provider is governed by its own terms.',
            'Our hosting and database providers, which store the account data described in section 2 under contract and under our instructions.',
            'Our system email provider, which delivers password-reset, invitation and contact-form messages.',
            'Stripe, our payment processor, which collects subscription payments. Your card is entered on Stripe’s own pages and never reaches MyoDocs; we give Stripe only your practice’s name and the account holder’s email address, never any patient information, and keep from Stripe only your plan, its status and dates, your card’s brand and last four digits, and your invoices’ amounts and links.',
            'Where enabled, a breached-password service: we send only the first five characters of a one-way hash of a new password, never the password itself, to check whether it has appeared in a known breach.',
          ],
        },
        {
          type: 'p',
          text: 'We may also disclose information when the law requires it, to protect the rights and safety of our users, or to a successor if MyoDocs is sold or merged, who must honour this policy.',
        },
      ],
    },
    {
      heading: '6. Security',
      blocks: [
        {
          type: 'ul',
          items: [
            'All traffic between your browser and MyoDocs is encrypted with TLS.',
            'Email tokens, SMTP passwords and the recipient and subject of each email are encrypted at rest with AES-256-GCM.',
            'Passwords are hashed with argon2id; sessions use random tokens that we store only in hashed form, so signing out or changing your password ends them at once.',
            'Sessions end automatically after a period of inactivity, with a warning before they do.',
            'Every business’s data is kept apart: each request is checked against the practice it belongs to.',
            'Our logs are filtered so that request bodies carrying patient information are never recorded.',
          ],
        },
        {
          type: 'p',
          text: 'No system is perfectly secure. If we learn of a breach that affects your information, we will notify you without unreasonable delay and as the law and the Business Associate Agreement require.',
        },
      ],
    },
    {
      heading: '7. Your rights and choices',
      blocks: [
        {
          type: 'ul',
          items: [
            'Access or update: you can see and change your profile, business details and settings at any time in Settings, and download a copy of your account data as a file.',
            'Disconnect email: you can disconnect Gmail, Outlook, Yahoo or your SMTP settings at any time; we then delete the stored tokens or password. You can also revoke MyoDocs’ access from your provider’s security page.',
            'Request deletion: you can delete your account from Settings, or ask us to do it. We delete your account, sessions, settings, logo, legal acceptances and subscription. Audit records are kept for six years as HIPAA requires, with your identity removed from them.',
          ],
        },
        {
          type: 'p',
          text: `Depending on where you live, you may have further rights, such as objecting to certain processing or complaining to a regulator. To use any of them, write to ${SUPPORT_EMAIL_TOKEN}; we answer within 30 days.`,
        },
      ],
    },
    {
      heading: '8. HIPAA',
      blocks: [
        {
          type: 'p',
          text: 'You, as a health care provider, are the covered entity for your patients’ information; MyoDocs is your business associate. Our Business Associate Agreement, which you sign before using the application, sets out how we safeguard any PHI that passes through the service, how we report incidents, and what happens at the end of our relationship.',
        },
        {
          type: 'p',
          text: 'You remain responsible for sending PHI only through a HIPAA-compliant email provider with which you have a signed BAA. Our guide to HIPAA-compliant email explains what that means and which providers qualify.',
        },
      ],
    },
    {
      heading: '9. Children',
      blocks: [
        {
          type: 'p',
          text: 'MyoDocs accounts are only for professionals aged 18 or over. We do not knowingly collect personal information from children as users. Information about young patients that you enter to produce a document is handled as PHI, as described above, and is not stored by us. If you believe a child has created an account, contact us and we will delete it.',
        },
      ],
    },
    {
      heading: '10. Changes to this policy',
      blocks: [
        {
          type: 'p',
          text: 'When we change this policy we publish the new version on this page with its version number and effective date. If a change materially affects how we handle your information, we will tell you by email or in the application before it takes effect.',
        },
      ],
    },
    {
      heading: '11. Contact',
      blocks: [
        {
          type: 'p',
          text: `Questions or requests about privacy: ${SUPPORT_EMAIL_TOKEN}. You can also use the contact form on our website.`,
        },
      ],
    },
  ],
}
