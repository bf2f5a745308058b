import type { ContactRequest } from '@myodocs/shared/contracts/contact'
import { renderEmail } from '../layout'

/** The contact form's message, delivered to SUPPORT_EMAIL with Reply-To set to the sender. */
export function contactMessageEmail(m: ContactRequest) {
  return renderEmail({
    subject: `[Contact] ${m.subject}`,
    heading: `New message from ${m.name}`,
    paragraphs: [`From: ${m.name} <${m.email}>`, `Subject: ${m.subject}`, m.message],
    footer: 'Sent from the MyoDocs contact form. Reply to this email to answer the sender.',
  })
}
