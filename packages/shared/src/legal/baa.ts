/**
 * HIPAA Business Associate Agreement, version 1.0. It covers what
 * 45 CFR 164.504(e) requires of a business associate contract: permitted uses and disclosures,
 * safeguards (Subpart C of Part 164), reporting of breaches and security incidents, subcontractors,
 * individuals' access, amendment and accounting, the HHS books-and-records clause, return or
 * destruction, and termination. GET /api/legal/baa/current, the legal tab and the signed BAA PDF
 * all render this one text; bump `version` when it changes and every signature becomes stale.
 */
import type { LegalDocument } from '../contracts/legal'
import { SUPPORT_EMAIL_TOKEN } from './tokens'

export const BUSINESS_ASSOCIATE_AGREEMENT: LegalDocument = {
  id: 'baa',
  title: 'Business Associate Agreement',
  version: '1.0',
  effectiveDate: '2025-01-01',
  summary:
    'This agreement lets MyoDocs handle protected health information for your practice in the way HIPAA ' +
    'requires. MyoDocs does not store PHI: patient data is used only in memory to produce the document ' +
    'you request, and is never written to our database, logs or disks.',
  sections: [
    {
      heading: '1. Parties and purpose',
      blocks: [
        {
          type: 'p',
          text: 'This Business Associate Agreement (“Agreement”) is entered into between the practice named in the signature block (“Covered Entity”) and MyoDocs (“Business Associate”). It applies whenever Business Associate creates, receives, maintains or transmits Protected Health Information on behalf of Covered Entity in providing the MyoDocs service (the “Services”), and it forms part of the MyoDocs Terms of Service. Where this Agreement and the Terms of Service conflict, this Agreement governs.',
        },
        {
          type: 'note',
          text: 'How MyoDocs is built: patient information you enter stays in your browser while you work. When you generate or send a document, it travels to our server, is used in memory to render the PDF and hand it to you or to your own email provider, and is then discarded. It is not written to our database, logs, disks, backups or queues. We keep only account data, settings, legal acceptances, audit events and, for each email, its recipient, subject, delivery status and timestamps (recipient and subject encrypted).',
        },
      ],
    },
    {
      heading: '2. Definitions',
      blocks: [
        {
          type: 'p',
          text: 'Capitalised terms used but not defined here have the meanings given in the HIPAA Rules (45 CFR Parts 160 and 164, as amended by the HITECH Act), including: Breach, Data Aggregation, Designated Record Set, Disclosure, Health Care Operations, Individual, Minimum Necessary, Notice of Privacy Practices, Required by Law, Secretary, Security Incident, Subcontractor, Unsecured Protected Health Information and Use. In particular:',
        },
        {
          type: 'ul',
          items: [
            '“Protected Health Information” or “PHI” has the meaning in 45 CFR 160.103, limited to information created, received, maintained or transmitted by Business Associate on behalf of Covered Entity; it includes electronic PHI.',
            '“HIPAA Rules” means the Privacy, Security, Breach Notification and Enforcement Rules at 45 CFR Parts 160 and 164.',
            '“Security Incident” means the attempted or successful unauthorised access, use, disclosure, modification or destruction of information, or interference with system operations in an information system (45 CFR 164.304).',
          ],
        },
      ],
    },
    {
      heading: '3. Permitted uses and disclosures',
      blocks: [
        {
          type: 'p',
          text: 'Business Associate may use or disclose PHI only:',
        },
        {
          type: 'ol',
          items: [
            'to perform the Services for Covered Entity: rendering assessment reports, exercise prescriptions, patient summaries and after-visit summaries, returning them to Covered Entity, and handing them to the email account Covered Entity has connected so that Covered Entity can send them;',
            'as Required by Law;',
            'for the proper management and administration of Business Associate or to carry out its legal responsibilities, provided that any disclosure for these purposes is Required by Law, or Business Associate obtains reasonable assurances from the recipient that the information will be held confidentially, used or further disclosed only as Required by Law or for the purpose for which it was disclosed, and that the recipient will notify Business Associate of any instance in which the confidentiality of the information has been breached.',
          ],
        },
        {
          type: 'p',
          text: 'Business Associate will not use or disclose PHI in any manner that would violate Subpart E of 45 CFR Part 164 if done by Covered Entity, will limit its uses, disclosures and requests to the Minimum Necessary, and will not sell PHI, use it for marketing, or de-identify or aggregate it for its own purposes.',
        },
      ],
    },
    {
      heading: '4. Safeguards',
      blocks: [
        {
          type: 'p',
          text: 'Business Associate will use appropriate safeguards, and comply with Subpart C of 45 CFR Part 164 (the Security Rule) with respect to electronic PHI, to prevent use or disclosure of PHI other than as this Agreement provides. These include:',
        },
        {
          type: 'ul',
          items: [
            'no storage of PHI at rest: patient data is processed in memory only and never written to databases, logs, disks or queues;',
            'encryption in transit (TLS) for every connection, and encryption at rest of email recipients and subjects, email-provider tokens and SMTP passwords (AES-256-GCM);',
            'unique user accounts, strong password rules, automatic logoff after inactivity, and sessions that end at once on sign-out, password reset or deactivation;',
            'role-based access limited to the users of Covered Entity’s own business, and an audit trail of sign-ins, document and email actions and administrative changes;',
            'a written risk analysis and risk management process, workforce training and sanctions, and review of these safeguards at least yearly.',
          ],
        },
      ],
    },
    {
      heading: '5. Reporting breaches and security incidents',
      blocks: [
        {
          type: 'p',
          text: 'Business Associate will report to Covered Entity:',
        },
        {
          type: 'ul',
          items: [
            'any use or disclosure of PHI not provided for by this Agreement, within five (5) business days of becoming aware of it;',
            'any Breach of Unsecured PHI as required by 45 CFR 164.410, without unreasonable delay and in no case later than ten (10) calendar days after discovery (and always within the sixty (60) days the rule allows), including, to the extent possible, the identification of each Individual affected and the other information Covered Entity needs to notify Individuals under 45 CFR 164.404;',
            'any successful Security Incident, within five (5) business days of becoming aware of it.',
          ],
        },
        {
          type: 'p',
          text: 'The parties agree that this section is notice of the ongoing existence of unsuccessful Security Incidents (such as pings, port scans, blocked sign-in attempts and denial-of-service attempts that do not result in unauthorised access), for which no further report is required. Business Associate will mitigate, to the extent practicable, any harmful effect known to it of a use or disclosure of PHI in violation of this Agreement. Reports go to the email address of Covered Entity’s primary account holder.',
        },
      ],
    },
    {
      heading: '6. Subcontractors',
      blocks: [
        {
          type: 'p',
          text: 'In accordance with 45 CFR 164.502(e)(1)(ii) and 164.308(b)(2), Business Associate will ensure that any Subcontractor that creates, receives, maintains or transmits PHI on its behalf agrees in writing to the same restrictions, conditions and requirements that apply to Business Associate under this Agreement, including implementing the safeguards of the Security Rule.',
        },
        {
          type: 'p',
          text: 'Email you send through MyoDocs is delivered by the email provider you connect (for example Google Workspace or Microsoft 365). That provider acts for you, not for MyoDocs: you are responsible for having your own business associate agreement with it, which you confirm in the email-provider attestation.',
        },
      ],
    },
    {
      heading: '7. Access, amendment and accounting of disclosures',
      blocks: [
        {
          type: 'p',
          text: 'Because Business Associate does not maintain PHI after a request completes, it does not hold a Designated Record Set. To the extent it ever does:',
        },
        {
          type: 'ul',
          items: [
            'it will make PHI available to Covered Entity within ten (10) business days of a request so that Covered Entity can meet its obligations under 45 CFR 164.524 (access);',
            'it will make PHI available for amendment and incorporate any amendments Covered Entity directs under 45 CFR 164.526 within ten (10) business days;',
            'it will document disclosures and provide, within ten (10) business days of a request, the information Covered Entity needs to give an accounting of disclosures under 45 CFR 164.528.',
          ],
        },
        {
          type: 'p',
          text: 'If an Individual asks Business Associate directly for access, amendment or an accounting, Business Associate will forward the request to Covered Entity within five (5) business days. To the extent Business Associate carries out an obligation of Covered Entity under Subpart E of 45 CFR Part 164, it will comply with the requirements of Subpart E that apply to Covered Entity in performing that obligation.',
        },
      ],
    },
    {
      heading: '8. Books and records',
      blocks: [
        {
          type: 'p',
          text: 'Business Associate will make its internal practices, books and records relating to the use and disclosure of PHI received from, or created or received by Business Associate on behalf of, Covered Entity available to the Secretary of the U.S. Department of Health and Human Services for purposes of determining compliance with the HIPAA Rules.',
        },
      ],
    },
    {
      heading: '9. Obligations of Covered Entity',
      blocks: [
        {
          type: 'ul',
          items: [
            'Covered Entity will notify Business Associate of any limitation in its Notice of Privacy Practices, any change or revocation of an Individual’s permission, and any restriction it has agreed to, to the extent it affects Business Associate’s use or disclosure of PHI.',
            'Covered Entity will not ask Business Associate to use or disclose PHI in any manner that would not be permissible under Subpart E of 45 CFR Part 164 if done by Covered Entity.',
            'Covered Entity is responsible for the email account it connects, for having a business associate agreement with that email provider, and for sending PHI only to the intended and authorised recipients.',
          ],
        },
      ],
    },
    {
      heading: '10. Term and termination',
      blocks: [
        {
          type: 'p',
          text: 'This Agreement takes effect when signed and continues while Covered Entity has a MyoDocs account. It ends when the account is closed or deleted, or when either party terminates it under this section.',
        },
        {
          type: 'p',
          text: 'If either party knows of a pattern of activity or practice of the other that constitutes a material breach or violation of this Agreement, it will give written notice and thirty (30) days to cure it. If the breach is not cured within that time, the non-breaching party may terminate this Agreement and the Services. Without this Agreement in force, MyoDocs will not generate or send documents containing PHI for Covered Entity.',
        },
      ],
    },
    {
      heading: '11. Return or destruction of PHI',
      blocks: [
        {
          type: 'p',
          text: 'On termination, Business Associate will return to Covered Entity or destroy all PHI it still maintains in any form, and retain no copies, including PHI in the possession of its Subcontractors. Because MyoDocs discards patient data as soon as each request completes, no PHI is expected to remain. If return or destruction is infeasible for any PHI, Business Associate will extend the protections of this Agreement to it and limit further uses and disclosures to the purposes that make return or destruction infeasible, for as long as it is maintained.',
        },
      ],
    },
    {
      heading: '12. Miscellaneous',
      blocks: [
        {
          type: 'ul',
          items: [
            'Regulatory references. A reference to a section of the HIPAA Rules means the section as in effect or as amended.',
            'Amendment. The parties will amend this Agreement as needed to keep it compliant with the HIPAA Rules. A new version is published with its effective date and must be signed before further documents are generated.',
            'Survival. The obligations of Business Associate under section 11 survive termination.',
            'Interpretation. Any ambiguity is resolved to permit compliance with the HIPAA Rules.',
            'No third-party beneficiaries. Nothing in this Agreement confers any rights on anyone other than the parties.',
            'Electronic signature. The parties agree that signing by typing a name in the MyoDocs application is a valid signature; the signer represents that they are authorised to sign for Covered Entity. The name, title, date, IP address and version of each signature are recorded.',
            `Notices. Notices to Business Associate go to ${SUPPORT_EMAIL_TOKEN}.`,
          ],
        },
      ],
    },
  ],
}
