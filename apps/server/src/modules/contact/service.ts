import type { ContactRequest } from '@myodocs/shared/contracts/contact'
import { CONTACT_FAILED } from '@myodocs/shared/constants/messages'
import type { SystemMailer } from '../../email/system-mailer'
import { contactMessageEmail } from '../../email/templates/contact-message'
import { AppError } from '../../lib/errors'

/** Delivers a contact message to SUPPORT_EMAIL with Reply-To set to the sender. */
export async function sendContactMessage(
  mailer: SystemMailer,
  supportEmail: string,
  m: ContactRequest,
) {
  try {
    await mailer.send({
      ...contactMessageEmail(m),
      to: { name: 'MyoDocs Support', address: supportEmail },
      replyTo: { name: m.name, address: m.email },
    })
  } catch (err) {
    throw new AppError('MAIL_DELIVERY_FAILED', CONTACT_FAILED, 502, undefined, { cause: err })
  }
}
