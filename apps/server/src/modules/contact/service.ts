import { CONTACT_FAILED } from '@myodocs/shared/constants/messages'
import type { ContactRequest } from '@myodocs/shared/contracts/contact'
import { contactMessageEmail } from '../../email/templates/contact-message'
import { AppError } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'

/** Delivers a contact message to SUPPORT_EMAIL with Reply-To set to the sender. */
export async function sendContactMessage(ctx: ServiceContext, m: ContactRequest) {
  try {
    await ctx.mailer.send({
      ...contactMessageEmail(m),
      to: { name: 'MyoDocs Support', address: ctx.config.supportEmail },
      replyTo: { name: m.name, address: m.email },
    })
  } catch (err) {
    throw new AppError('MAIL_DELIVERY_FAILED', CONTACT_FAILED, 502, undefined, { cause: err })
  }
}
